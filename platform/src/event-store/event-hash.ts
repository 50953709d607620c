import { createHash } from 'node:crypto';

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
 * JSON with every object's keys in sorted order (code unit order), otherwise exactly as JSON.stringify writes
 * it (toJSON, undefined and functions left out of objects and null in arrays, non-finite numbers as null), so
 * a value and the same value read back from jsonb (which reorders keys) print alike.
 */
export const canonicalJson = (value: unknown): string => canonical('', value) ?? 'null';

function canonical(key: string, input: unknown): string | undefined {
  let value = input;
  if (typeof value === 'object' && value !== null) {
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
      value = (value as { toJSON: (key: string) => unknown }).toJSON(key);
    }
    if (value instanceof Number || value instanceof String || value instanceof Boolean) value = value.valueOf();
  }
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    case 'bigint':
      return JSON.stringify(value); // throws, as JSON.stringify does
    default:
      return undefined; // undefined, functions, symbols
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) text += ',';
      text += canonical(String(index), value[index]) ?? 'null';
    }
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  let text = '{';
  for (const name of Object.keys(record).sort()) {
    const member = canonical(name, record[name]);
    if (member === undefined) continue;
    if (text.length > 1) text += ',';
    text += `${JSON.stringify(name)}:${member}`;
  }
  return `${text}}`;
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

/** Format 2's content digest, computed by the writer before the append (migration 0085). */
export const eventDigest = (event: DigestedEventContent): Buffer =>
  createHash('sha256')
    .update(
      [
        'stride-event-v2',
        sized(event.streamId),
        event.eventId,
        sized(event.type),
        event.schemaVersion,
        sized(event.dataJson),
        sized(event.metadataJson),
      ].join('\n'),
      'utf8',
    )
    .digest();

/** Format 2: sha256(previous hash || digest || "<stream version>\n<recorded micros>"), as the append chains it. */
export const chainHashV2 = (
  previousHash: Buffer,
  digest: Buffer,
  streamVersion: number,
  recordedAtMicros: string,
): Buffer =>
  createHash('sha256').update(previousHash).update(digest).update(`${streamVersion}\n${recordedAtMicros}`).digest();
