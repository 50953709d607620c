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
 * JSON with every object's keys in sorted order (otherwise as JSON.stringify writes it), so that a value
 * and the same value read back from jsonb (which reorders keys) print alike.
 */
export const canonicalJson = (value: unknown): string => JSON.stringify(value, sortedKeys) ?? 'null';

function sortedKeys(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  // fromEntries defines own properties, so a key named __proto__ stays a key.
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((name) => [name, record[name]]),
  );
}

/** An event as hash format 2 covers it outside the lock (version and recorded time are chained in it). */
export interface DigestedEventContent {
  readonly streamId: string;
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  /** The data as stored (what the append sends, or the stored jsonb parsed). */
  readonly data: unknown;
  /** The stored metadata (the append's metadata with the event's schemaVersion). */
  readonly metadata: unknown;
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
        sized(canonicalJson(event.data)),
        sized(canonicalJson(event.metadata)),
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
