import { createHash, type Hash } from 'node:crypto';
import type { Pool, Queryable } from '../postgres/pool';
import {
  canonicalJson,
  CHAIN_START,
  chainHash,
  chainHashV2,
  eventDigest,
  eventDigestV3,
  type HashedEventContent,
} from './event-hash';

/** The first place a stream's chain breaks. */
export interface BrokenStream {
  readonly streamId: string;
  /** The first event that does not verify (null when the stream's last events are missing). */
  readonly globalPosition: number | null;
  readonly streamVersion: number;
  readonly reason: string;
}

export interface ChainVerification {
  readonly streams: number;
  readonly events: number;
  readonly broken: BrokenStream[];
}

export interface CheckpointVerification {
  readonly checkpoints: number;
  /** The first checkpoint whose hash or count does not match the log, with the reason; null when all do. */
  readonly firstBroken: { readonly position: number; readonly reason: string } | null;
}

interface ChainRow {
  global_position: number;
  stream_id: string;
  stream_version: number;
  event_id: string;
  event_type: string;
  schema_version: number;
  recorded_micros: string;
  data_text: string;
  metadata_text: string;
  event_hash: Buffer;
  hash_format: number;
  sealed: Buffer | null;
}

/** The hash an event should have after `previous`, in the format it was written with (0040, 0085 or 0098). */
const expectedHash = (previous: Buffer, row: ChainRow): Buffer => {
  const content: HashedEventContent = {
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    eventId: row.event_id,
    type: row.event_type,
    schemaVersion: row.schema_version,
    recordedAtMicros: row.recorded_micros,
    dataText: row.data_text,
    metadataText: row.metadata_text,
  };
  // Formats before 3 had no sealed column: such an event with sealed bytes was changed after it was written.
  if (row.hash_format !== 3 && row.sealed !== null) return Buffer.alloc(0); // never matches
  if (row.hash_format === 1) return chainHash(previous, content);
  if (row.hash_format !== 2 && row.hash_format !== 3) return Buffer.alloc(0); // no format of ours: never matches
  const digested = {
    ...content,
    dataJson: canonicalJson(JSON.parse(row.data_text)),
    metadataJson: canonicalJson(JSON.parse(row.metadata_text)),
  };
  const digest = row.hash_format === 2 ? eventDigest(digested) : eventDigestV3({ ...digested, sealed: row.sealed });
  return chainHashV2(previous, digest, row.stream_version, row.recorded_micros);
};

interface StreamHead {
  stream_id: string;
  version: number;
  head_hash: Buffer | null;
}

const PAGE = 2000;

/**
 * Recomputes every stream's hash chain from the stored columns and names the first broken event of each
 * stream: content changed (data, metadata, type, time, ...), a version missing or out of place (a deleted
 * or moved row), or the stream's recorded head not matching its last event (its last events deleted).
 */
export async function verifyEventChains(db: Queryable): Promise<ChainVerification> {
  const heads = new Map<string, StreamHead>();
  const { rows: streamRows } = await db.query<StreamHead>('SELECT stream_id, version, head_hash FROM streams');
  for (const row of streamRows) heads.set(row.stream_id, row);

  const broken: BrokenStream[] = [];
  const brokenIds = new Set<string>();
  const breakAt = (entry: BrokenStream) => {
    if (brokenIds.has(entry.streamId)) return;
    brokenIds.add(entry.streamId);
    broken.push(entry);
  };
  let events = 0;
  let current = null as { streamId: string; version: number; hash: Buffer } | null;
  const closeStream = () => {
    if (current === null || brokenIds.has(current.streamId)) return;
    const head = heads.get(current.streamId);
    if (!head) {
      breakAt({
        ...current,
        globalPosition: null,
        streamVersion: 1,
        reason: 'events of a stream that is not recorded',
      });
    } else if (head.version !== current.version || !head.head_hash?.equals(current.hash)) {
      breakAt({
        streamId: current.streamId,
        globalPosition: null,
        streamVersion: current.version + 1,
        reason: `the stream is at version ${head.version} but its events end at version ${current.version}`,
      });
    }
  };

  let after: [string, number] = ['', 0];
  for (;;) {
    const { rows } = await db.query<ChainRow>(
      `SELECT global_position, stream_id, stream_version, event_id::text AS event_id, event_type, schema_version,
              floor(extract(epoch FROM recorded_at) * 1000000)::bigint::text AS recorded_micros,
              data::text AS data_text, metadata::text AS metadata_text, event_hash, hash_format, sealed
         FROM events WHERE (stream_id, stream_version) > ($1, $2)
        ORDER BY stream_id, stream_version LIMIT $3`,
      [after[0], after[1], PAGE],
    );
    for (const row of rows) {
      events += 1;
      if (current?.streamId !== row.stream_id) {
        closeStream();
        current = { streamId: row.stream_id, version: 0, hash: CHAIN_START };
      }
      const at = { streamId: row.stream_id, globalPosition: row.global_position, streamVersion: row.stream_version };
      if (row.stream_version !== current.version + 1) {
        breakAt({
          ...at,
          reason: `expected version ${current.version + 1} here: an event before it is missing or out of place`,
        });
      } else if (!expectedHash(current.hash, row).equals(row.event_hash)) {
        breakAt({ ...at, reason: 'its content does not match its hash (changed after it was written)' });
      }
      current = { streamId: row.stream_id, version: row.stream_version, hash: row.event_hash };
    }
    if (rows.length < PAGE) break;
    const last = rows.at(-1)!;
    after = [last.stream_id, last.stream_version];
  }
  closeStream();

  const seen = new Set<string>();
  const { rows: withEvents } = await db.query<{ stream_id: string }>('SELECT DISTINCT stream_id FROM events');
  for (const row of withEvents) seen.add(row.stream_id);
  for (const head of heads.values()) {
    if (!seen.has(head.stream_id) && head.version > 0) {
      breakAt({
        streamId: head.stream_id,
        globalPosition: null,
        streamVersion: 1,
        reason: 'all its events are missing',
      });
    }
  }
  return { streams: heads.size, events, broken };
}

interface CheckpointRow {
  transaction_id: string;
  global_position: number;
  event_count: number;
  hash: Buffer;
}

interface LogRow {
  transaction_id: string;
  global_position: number;
  event_hash: Buffer;
}

const compareLogPoints = (a: { transaction_id: string; global_position: number }, b: typeof a): number => {
  const ax = BigInt(a.transaction_id);
  const bx = BigInt(b.transaction_id);
  if (ax !== bx) return ax < bx ? -1 : 1;
  return a.global_position - b.global_position;
};

/**
 * Recomputes every log checkpoint from the events' hashes in log order (transaction id, position): a
 * deleted, added or reordered event, or an event whose hash was rewritten, changes every checkpoint from
 * there on. Reports the first checkpoint that does not match.
 */
export async function verifyLogCheckpoints(db: Queryable): Promise<CheckpointVerification> {
  const { rows: checkpoints } = await db.query<CheckpointRow>(
    `SELECT transaction_id::text AS transaction_id, global_position, event_count, hash
       FROM log_checkpoints ORDER BY transaction_id, global_position`,
  );
  let index = 0;
  let previous: Buffer = CHAIN_START;
  let hasher: Hash = createHash('sha256').update(previous);
  let count = 0;
  const check = (reached: CheckpointRow): CheckpointVerification['firstBroken'] => {
    const digest = hasher.digest();
    if (count !== reached.event_count) {
      return {
        position: reached.global_position,
        reason: `it covers ${reached.event_count} events, the log now has ${count} up to it`,
      };
    }
    if (!digest.equals(reached.hash)) {
      return { position: reached.global_position, reason: 'the events up to it no longer hash to it' };
    }
    previous = reached.hash;
    hasher = createHash('sha256').update(previous);
    return null;
  };

  let after = { transaction_id: '0', global_position: 0 };
  while (index < checkpoints.length) {
    const { rows } = await db.query<LogRow>(
      `SELECT transaction_id::text AS transaction_id, global_position, event_hash FROM events
        WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
        ORDER BY transaction_id, global_position LIMIT $3`,
      [after.transaction_id, after.global_position, PAGE],
    );
    for (const row of rows) {
      while (index < checkpoints.length && compareLogPoints(checkpoints[index]!, row) < 0) {
        const failure = check(checkpoints[index]!);
        if (failure) return { checkpoints: checkpoints.length, firstBroken: failure };
        index += 1;
      }
      if (index >= checkpoints.length) break;
      hasher.update(row.event_hash);
      count += 1;
    }
    if (rows.length < PAGE) break;
    after = rows.at(-1)!;
  }
  while (index < checkpoints.length) {
    const failure = check(checkpoints[index]!);
    if (failure) return { checkpoints: checkpoints.length, firstBroken: failure };
    index += 1;
  }
  return { checkpoints: checkpoints.length, firstBroken: null };
}

/**
 * Both checks over one snapshot of the log (REPEATABLE READ, read only): appends that commit meanwhile are
 * neither half-seen (a stream's head ahead of its events) nor reported as tampering.
 */
export async function verifyIntegrity(
  pool: Pool,
): Promise<{ chains: ChainVerification; checkpoints: CheckpointVerification }> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const chains = await verifyEventChains(client);
    const checkpoints = await verifyLogCheckpoints(client);
    await client.query('COMMIT');
    return { chains, checkpoints };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
