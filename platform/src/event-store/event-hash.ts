import { createHash, hash } from 'node:crypto';

/**
 * An event's stored columns as the hash covers them: data and metadata as PostgreSQL prints the stored
 * jsonb (`data::text`), the recorded time in microseconds since the epoch.
 */
export interface HashedEventContent {
  readonly streamId: string;
  readonly streamVersion: number;
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly recordedAtMicros: string;
  readonly dataText: string;
  readonly metadataText: string;
}

const sized = (text: string): string => `${Buffer.byteLength(text, 'utf8')}\n${text}`;

/** The bytes stride_event_content (migration 0040) hashes: variable-length fields prefixed by their size. */
export const eventContentBytes = (event: HashedEventContent): Buffer =>
  Buffer.from(
    [
      sized(event.streamId),
      event.streamVersion,
      event.eventId,
      sized(event.type),
      event.schemaVersion,
      event.recordedAtMicros,
      sized(event.dataText),
      sized(event.metadataText),
    ].join('\n'),
    'utf8',
  );

/** The first event of a stream chains from this. */
export const CHAIN_START: Buffer = Buffer.alloc(0);

/** sha256(previous event's hash in the stream || the event's content). */
export const chainHash = (previousHash: Buffer, event: HashedEventContent): Buffer =>
  createHash('sha256').update(previousHash).update(eventContentBytes(event)).digest();

/**
 * JSON of a value with every object's keys inserted in sorted order (code unit order; JavaScript then
 * enumerates integer-like keys first, ascending), written by JSON.stringify: the same text for a value and
 * for that value read back from jsonb (which reorders keys). toJSON is applied as JSON.stringify applies it.
 */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(isCanonical(value) ? value : sortedCopy('', value)) ?? 'null';

/**
 * Whether JSON.stringify already writes the value canonically: every object a plain one whose keys
 * enumerate in sorted order, with no toJSON and no boxed primitive anywhere (then sortedCopy would give the
 * value itself back). A check without a copy: most event data is written in order.
 */
function isCanonical(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (!isCanonical(item)) return false;
    return true;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  const record = value as Record<string, unknown>;
  const names = Object.keys(record);
  for (let index = 1; index < names.length; index += 1) if (!(names[index - 1]! < names[index]!)) return false;
  for (const name of names) if (!isCanonical(record[name])) return false;
  return true;
}

/** A copy of the value with every object's keys inserted in sorted order (the parts already so are kept). */
function sortedCopy(key: string, input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  let value: unknown = input;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON: (key: string) => unknown }).toJSON(key);
    if (typeof value !== 'object' || value === null) return value;
  }
  if (Array.isArray(value)) return value.map((item: unknown, index) => sortedCopy(String(index), item));
  if (value instanceof Number || value instanceof String || value instanceof Boolean) return value.valueOf();
  const record = value as Record<string, unknown>;
  const names = Object.keys(record);
  let inOrder = true;
  for (let index = 1; index < names.length && inOrder; index += 1) inOrder = names[index - 1]! < names[index]!;
  if (inOrder && names.every((name) => sortedCopy(name, record[name]) === record[name])) {
    // Keys already in order and nothing inside changed: JSON.stringify writes the value itself alike.
    return record;
  }
  const sorted: Record<string, unknown> = {};
  for (const name of inOrder ? names : names.sort()) {
    const item = sortedCopy(name, record[name]);
    // A key named __proto__ stays a key (plain assignment would set the prototype).
    if (name === '__proto__') Object.defineProperty(sorted, name, { value: item, enumerable: true, writable: true });
    else sorted[name] = item;
  }
  return sorted;
}

/** An event as hash format 2 covers it outside the lock (version and recorded time are chained in it). */
export interface DigestedEventContent {
  readonly streamId: string;
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  /** canonicalJson of the data as stored (what the append sends, or the stored jsonb parsed). */
  readonly dataJson: string;
  /** canonicalJson of the stored metadata (the append's metadata with the event's schemaVersion). */
  readonly metadataJson: string;
}

const digestText = (prefix: string, event: DigestedEventContent): string =>
  `${prefix}\n${sized(event.streamId)}\n${event.eventId}\n${sized(event.type)}\n${event.schemaVersion}\n${sized(event.dataJson)}\n${sized(event.metadataJson)}`;

/** Format 2's content digest, computed by the writer before the append (migration 0085). */
export const eventDigest = (event: DigestedEventContent): Buffer =>
  createHash('sha256').update(digestText('stride-event-v2', event), 'utf8').digest();

/** Room for a digest's text and sealed bytes up to this size (larger ones get a buffer of their own). */
const DIGEST_SCRATCH_BYTES = 16 * 1024;
const digestScratch = Buffer.allocUnsafe(DIGEST_SCRATCH_BYTES);

/**
 * Format 3's content digest (migration 0098), in hex: format 2's under its own prefix, then the event's
 * sealed personal data (`events.sealed`; -1 when it has none), so the chain covers the ciphertext. One call
 * into OpenSSL (crypto.hash) instead of a Hash object and its updates: a third of the time for an event's
 * few hundred bytes, and hex is what the append sends.
 */
export const eventDigestV3Hex = (event: DigestedEventContent & { readonly sealed: Buffer | null }): string => {
  const text = `${digestText('stride-event-v3', event)}\n${event.sealed ? event.sealed.length : -1}\n`;
  if (!event.sealed) return hash('sha256', text, 'hex');
  // The text's UTF-8 then the sealed bytes, written into bytes reused from call to call (nothing else runs
  // between the write and the hash) instead of a buffer allocated per event.
  const most = text.length * 3 + event.sealed.length;
  const bytes = most <= DIGEST_SCRATCH_BYTES ? digestScratch : Buffer.allocUnsafe(most);
  const size = bytes.write(text, 0, 'utf8');
  event.sealed.copy(bytes, size);
  return hash('sha256', bytes.subarray(0, size + event.sealed.length), 'hex');
};

/** `eventDigestV3Hex` as bytes. */
export const eventDigestV3 = (event: DigestedEventContent & { readonly sealed: Buffer | null }): Buffer =>
  Buffer.from(eventDigestV3Hex(event), 'hex');

/** Format 2: sha256(previous hash || digest || "<stream version>\n<recorded micros>"), as the append chains it. */
export const chainHashV2 = (
  previousHash: Buffer,
  digest: Buffer,
  streamVersion: number,
  recordedAtMicros: string,
): Buffer =>
  createHash('sha256').update(previousHash).update(digest).update(`${streamVersion}\n${recordedAtMicros}`).digest();
