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
