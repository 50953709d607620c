import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient, Queryable } from '../postgres/pool';
import { preparedQuery, sharesOneBackend, withTransaction } from '../postgres/pool';
import { AppendOrderError, ExpectedVersionConflictError } from './errors';
import { deterministicEventId, newEventId } from './event-ids';
import { canonicalJson, eventDigestV3Hex } from './event-hash';
import type {
  AppendOptions,
  AppendResult,
  EncodedAppends,
  EventCodec,
  EventMetadata,
  ExpectedVersion,
  LogCheckpoint,
  NewEvent,
  StoredEvent,
  StreamAppend,
} from './types';
import { LOG_START } from './types';

const EXPECTED_ANY = -1;
const EXPECTED_NO_STREAM = -2;
const EXPECTED_STREAM_EXISTS = -3;

const encodeExpected = (expected: ExpectedVersion | undefined): number => {
  if (expected === undefined || expected === 'any') return EXPECTED_ANY;
  if (expected === 'no_stream') return EXPECTED_NO_STREAM;
  if (expected === 'stream_exists') return EXPECTED_STREAM_EXISTS;
  if (!Number.isInteger(expected) || expected < 0) throw new RangeError(`Invalid expected version ${expected}`);
  return expected;
};

/** The stream type is the id's prefix: `goal-123` is of type `goal`. */
export const streamTypeOf = (streamId: string): string => {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
};

interface EventRow {
  global_position: number;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  event_type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
  sealed: Buffer | null;
}

/** The columns an event is read from; `sealed` is none before migration 0098 (the benchmark's baseline). */
const eventColumns = (table: string, sealed: boolean) =>
  `${table}.global_position, ${table}.transaction_id::text AS transaction_id, ${table}.stream_id, ${table}.stream_version,
   ${table}.event_id, ${table}.event_type, ${table}.schema_version, ${table}.data, ${table}.metadata, ${table}.recorded_at,
   ${sealed ? `${table}.sealed` : 'NULL::bytea AS sealed'}`;

const toStoredEvent = (row: EventRow): StoredEvent => ({
  globalPosition: row.global_position,
  transactionId: row.transaction_id,
  streamId: row.stream_id,
  streamVersion: row.stream_version,
  eventId: row.event_id,
  type: row.event_type,
  schemaVersion: row.schema_version,
  data: row.data,
  metadata: row.metadata,
  recordedAt: row.recorded_at.toISOString(),
});

interface AppendRow {
  outcome: 'appended' | 'duplicate' | 'conflict';
  stream_version: number;
  first_position: number | null;
  last_position: number | null;
  transaction_id: string | null;
}

const toAppendResult = (
  streamId: string,
  expectedVersion: ExpectedVersion | undefined,
  row: AppendRow,
): AppendResult => {
  if (row.outcome === 'conflict') {
    throw new ExpectedVersionConflictError(streamId, expectedVersion ?? 'any', row.stream_version);
  }
  return {
    appended: row.outcome === 'appended',
    streamId,
    nextExpectedVersion: row.stream_version,
    firstPosition: row.first_position!,
    lastPosition: row.last_position!,
    transactionId: row.transaction_id!,
  };
};

type CommonMetadata = Omit<EventMetadata, 'schemaVersion'>;

/** The metadata every event of one append shares; the store adds each event's schemaVersion. */
const commonMetadata = (options: AppendOptions): CommonMetadata => {
  const { metadata } = options;
  return {
    ...metadata,
    correlationId: metadata.correlationId ?? randomUUID(),
    causationId: metadata.causationId ?? null,
    recordedAt: (options.now ?? new Date()).toISOString(),
  } satisfies CommonMetadata;
};

/** The sealed bytes of an append's events, back to back (one bytea parameter; each event names its slice). */
interface SealedBytes {
  readonly chunks: Buffer[];
  length: number;
}

const noSealedBytes = (): SealedBytes => ({ chunks: [], length: 0 });

const sealedParameter = (sealed: SealedBytes): Buffer | null =>
  sealed.chunks.length === 0 ? null : Buffer.concat(sealed.chunks, sealed.length);

/** `events.sealed` of these events (null where none), in order, in one statement. */
const sealedAt = async (
  db: Queryable,
  wanted: readonly { readonly streamId: string; readonly streamVersion: number }[],
): Promise<(Buffer | null)[]> => {
  const { rows } = await db.query<{ n: string; sealed: Buffer | null }>(
    `SELECT w.n, e.sealed
       FROM unnest($1::text[], $2::integer[]) WITH ORDINALITY AS w(stream_id, stream_version, n)
       JOIN events e ON e.stream_id = w.stream_id AND e.stream_version = w.stream_version`,
    [wanted.map((event) => event.streamId), wanted.map((event) => event.streamVersion)],
  );
  const sealed: (Buffer | null)[] = wanted.map(() => null);
  for (const row of rows) sealed[Number(row.n) - 1] = row.sealed;
  return sealed;
};

/**
 * One stream's events as stride_append_batch reads them: `events`, JSON text `[{"i": event id, "y": type,
 * "v": schema version, "n": place (keeps their order), "o"/"l": the slice of `sealed` holding its sealed
 * personal data (when it has any), "d": data}]`, and `digests`, their hash format 3 digests in hex (32 bytes
 * each, in order), computed here, outside the stream's lock (migrations 0085, 0098). The data is written as
 * canonicalJson, the very text the digest covers, so it is serialized once. `sealed` collects the events'
 * sealed bytes (several streams of one append share it). `digests: false` for 0030's function (none
 * computed, the data written by JSON.stringify, nothing sealed).
 */
const encodeEvents = (
  streamId: string,
  events: readonly NewEvent[],
  options: AppendOptions,
  metadata: CommonMetadata,
  sealed: SealedBytes,
  digests = true,
): { events: string; digests: string } => {
  if (events.length === 0) throw new RangeError(`Nothing to append to stream '${streamId}'`);
  const key = options.metadata.idempotencyKey;
  const metadataJson = new Map<number, string>();
  let hashes = '';
  let text = '[';
  events.forEach((event, index) => {
    const eventId =
      event.eventId ??
      (key ? deterministicEventId(`${options.metadata.userId}:${key}:${streamId}:${index}`) : newEventId());
    const dataJson = digests ? canonicalJson(event.data) : (JSON.stringify(event.data) ?? 'null');
    const bytes = event.sealed ?? null;
    let slice = '';
    if (bytes) {
      if (!digests) throw new Error('A store without the hash chain cannot store sealed personal data');
      slice = `,"o":${sealed.length},"l":${bytes.length}`;
      sealed.chunks.push(bytes);
      sealed.length += bytes.length;
    }
    if (index > 0) text += ',';
    text += `{"i":${JSON.stringify(eventId)},"y":${JSON.stringify(event.type)},"v":${JSON.stringify(event.schemaVersion) ?? 'null'},"n":${index + 1}${slice},"d":${dataJson}}`;
    if (!digests) return;
    let stored = metadataJson.get(event.schemaVersion);
    if (stored === undefined) {
      stored = canonicalJson({ ...metadata, schemaVersion: event.schemaVersion });
      metadataJson.set(event.schemaVersion, stored);
    }
    hashes += eventDigestV3Hex({
      streamId,
      eventId,
      type: event.type,
      schemaVersion: event.schemaVersion,
      dataJson,
      metadataJson: stored,
      sealed: bytes,
    });
  });
  return { events: `${text}]`, digests: hashes };
};

/** The several-stream append (stride_append_streams), one row per stream attempted. */
const APPEND_STREAMS = `SELECT o_stream_id AS stream_id, o_outcome AS outcome, o_stream_version AS stream_version,
       o_first_position AS first_position, o_last_position AS last_position, o_transaction_id::text AS transaction_id
  FROM stride_append_streams($1, $2::jsonb, $3::text[], $4::json, $5::json, $6::text[], $7::bytea)`;

type AppendedStreamRow = AppendRow & { stream_id: string };

/** An append as a statement to send (`planAppend`). */
export interface PlannedAppend {
  readonly statement: { readonly text: string; readonly values: readonly unknown[] };
  /** The append's results from the statement's rows. */
  resultsOf(rows: readonly AppendedStreamRow[]): AppendResult[];
  /** Throws the store's error for the statement's error (a version conflict, an append out of order, ...). */
  failed(error: unknown): never;
}

/** The users whose keys encrypted an append, for the append's erasure check (null: none). */
const keyUsers = (encoded: EncodedAppends): string[] | null =>
  encoded.usedKeys && encoded.usedKeys.size > 0 ? [...encoded.usedKeys] : null;

const isKeyErased = (error: unknown): boolean => (error as { code?: string }).code === 'SA003';

/** A stream and the version a decision read it at (see `expectStreamVersions`). */
export type ReadStreamVersion = readonly [streamId: string, version: number];

/**
 * A statement that fails (SQLSTATE SA005: `isStreamMovedOn`) unless every stream is still at its version (0:
 * none), for a decision that used what was read at those versions without reading it again (migration 0102).
 * Sent in the append's message; it takes no lock.
 */
export const expectStreamVersions = (
  versions: readonly ReadStreamVersion[],
): { readonly text: string; readonly values: readonly unknown[] } => ({
  text: 'SELECT stride_expect_stream_versions($1::text[], $2::integer[])',
  values: [versions.map(([streamId]) => streamId), versions.map(([, version]) => version)],
});

/** Whether an error is `expectStreamVersions`' refusal. */
export const isStreamMovedOn = (error: unknown): boolean => (error as { code?: string }).code === 'SA005';

/** Compares two log checkpoints in log order: (transaction id, position). */
export const compareCheckpoints = (a: LogCheckpoint, b: LogCheckpoint): number => {
  const ax = BigInt(a.transactionId);
  const bx = BigInt(b.transactionId);
  if (ax !== bx) return ax < bx ? -1 : 1;
  return a.position - b.position;
};

export const checkpointOf = (event: Pick<StoredEvent, 'transactionId' | 'globalPosition'>): LogCheckpoint => ({
  transactionId: event.transactionId,
  position: event.globalPosition,
});

/**
 * The PostgreSQL event store (see migrations/postgres/0001_event_store.sql for the ordering guarantees).
 * `appended` emits the result of every append made through this instance, so in-process subscribers can
 * wake at once instead of waiting for their next poll.
 */
export class PostgresEventStore {
  readonly appended = new EventEmitter<{ appended: [AppendResult] }>();

  /** Statement names, prepared once per connection; none where all connections share one backend (PGlite). */
  private readonly statements: { batch?: string; streams?: string };

  private readonly codec: EventCodec | null;

  /** See the constructor's `withoutChain`. */
  private readonly withoutChain: boolean;

  /**
   * `codec`: what encodes event data before it is stored and decodes it after it is read (crypto-shredding).
   * `withoutChain`: only for a database migrated no further than 0039, before the hash chain (the event-store
   * benchmark's baseline): `append` calls 0030's function and computes no digests, and reads find no `sealed` column.
   */
  constructor(
    private readonly pool: Pool,
    options: { codec?: EventCodec; withoutChain?: boolean } = {},
  ) {
    this.codec = options.codec ?? null;
    this.withoutChain = options.withoutChain ?? false;
    this.appended.setMaxListeners(100);
    this.statements = sharesOneBackend(pool) ? {} : { batch: 'stride_append_batch', streams: 'stride_append_streams' };
  }

  /** Appends events to one stream in one round trip. Throws ExpectedVersionConflictError on conflict. */
  async append(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const expectedVersion = options.expectedVersion;
    const metadata = commonMetadata(options);
    let rows: AppendRow[];
    for (;;) {
      const encoded = await this.encodeStoringKeys([{ streamId, events, expectedVersion }], options.metadata.userId);
      try {
        const sealed = noSealedBytes();
        const batch = encodeEvents(streamId, encoded.appends[0]!.events, options, metadata, sealed, !this.withoutChain);
        const values = [
          streamId,
          streamTypeOf(streamId),
          options.metadata.userId,
          encodeExpected(expectedVersion),
          JSON.stringify(metadata),
          batch.events,
        ];
        ({ rows } = await this.pool.query<AppendRow>(
          this.withoutChain
            ? {
                name: this.statements.batch && 'stride_append_batch_0030',
                text: `SELECT outcome, stream_version, first_position, last_position, transaction_id::text AS transaction_id
                         FROM stride_append_batch($1, $2, $3, $4, $5::jsonb, $6::json)`,
                values,
              }
            : {
                name: this.statements.batch,
                text: `SELECT outcome, stream_version, first_position, last_position, transaction_id::text AS transaction_id
                         FROM stride_append_batch($1, $2, $3, $4, $5::jsonb, $6::json, $7::bytea, $8::text[], $9::bytea)`,
                values: [...values, Buffer.from(batch.digests, 'hex'), keyUsers(encoded), sealedParameter(sealed)],
              },
        ));
        break;
      } catch (error) {
        // A key used from the cache was erased meanwhile: encode again with what the table says now.
        if (!isKeyErased(error)) throw error;
        this.codec!.forgetKeys(encoded.usedKeys ?? []);
      }
    }
    const result = toAppendResult(streamId, expectedVersion, rows[0]!);
    this.announce([result]);
    return result;
  }

  /** Appends to several streams atomically: all of them or none. */
  async appendToStreams(appends: readonly StreamAppend[], options: AppendOptions): Promise<AppendResult[]> {
    const results = await withTransaction(this.pool, (client) => this.appendInTransaction(client, appends, options));
    this.announce(results);
    return results;
  }

  /**
   * Appends inside a transaction the caller owns (so other writes, e.g. a webhook's dedupe key, commit with
   * the events), in one round trip. It must be the transaction's first write: stream locks are taken first,
   * in a fixed order (no deadlocks), so that the transaction id is assigned only once every stream is held,
   * which keeps each stream's events in version order in the log. Other writes may follow. Call `announce`
   * after the caller commits.
   */
  async appendInTransaction(
    client: PoolClient,
    appends: readonly StreamAppend[],
    options: AppendOptions,
  ): Promise<AppendResult[]> {
    const append = await this.planAppend(client, appends, options);
    let rows: AppendedStreamRow[];
    try {
      ({ rows } = await client.query<AppendedStreamRow>({
        name: this.statements.streams,
        text: append.statement.text,
        values: [...append.statement.values],
      }));
    } catch (error) {
      return append.failed(error);
    }
    return append.resultsOf(rows);
  }

  /**
   * `appendInTransaction` as a statement the caller sends (e.g. with others in one message: one-message.ts),
   * with what reads its rows (`resultsOf`) and what turns its error into the store's (`failed`, which throws).
   * Encodes the events first (the codec may read a data key through `db`).
   */
  async planAppend(db: Queryable, appends: readonly StreamAppend[], options: AppendOptions): Promise<PlannedAppend> {
    for (const { streamId, events } of appends) {
      if (events.length === 0) throw new RangeError(`Nothing to append to stream '${streamId}'`);
    }
    // Sorted in JavaScript's order, the order every other locker of several streams uses.
    const lockIds = [...new Set(appends.map((a) => a.streamId))].sort();
    const encoded = await this.encode(appends, options.metadata.userId, db);
    const metadata = commonMetadata(options);
    const sealed = noSealedBytes();
    const streams = encoded.appends.map(({ streamId, events, expectedVersion }) => {
      const batch = encodeEvents(streamId, events, options, metadata, sealed);
      return `{"s":${JSON.stringify(streamId)},"t":${JSON.stringify(streamTypeOf(streamId))},"x":${encodeExpected(expectedVersion)},"h":"${batch.digests}","e":${batch.events}}`;
    });
    return {
      statement: {
        text: APPEND_STREAMS,
        values: [
          options.metadata.userId,
          JSON.stringify(metadata),
          lockIds,
          `[${streams.join(',')}]`,
          encoded.newKeys.size === 0
            ? null
            : JSON.stringify([...encoded.newKeys].map(([u, k]) => ({ u, k: k.toString('base64') }))),
          keyUsers(encoded),
          sealedParameter(sealed),
        ],
      },
      resultsOf: (rows) =>
        rows.map((row, index) => toAppendResult(row.stream_id, appends[index]!.expectedVersion, row)),
      failed: (error) => {
        if ((error as { code?: string }).code === 'SA001') throw new AppendOrderError();
        // A concurrent first append of the same user stored its new data key first: decide and encrypt again.
        // Or a data key used from the cache was erased meanwhile: forget it, decide and encrypt again.
        if (isKeyErased(error)) this.codec!.forgetKeys(encoded.usedKeys ?? []);
        if ((error as { code?: string }).code === 'SA002' || isKeyErased(error)) {
          throw new ExpectedVersionConflictError(appends[0]!.streamId, appends[0]!.expectedVersion ?? 'any', -1);
        }
        throw error;
      },
    };
  }

  private encode(appends: readonly StreamAppend[], userId: string, db: Queryable): Promise<EncodedAppends> {
    return this.codec ? this.codec.encode(appends, userId, db) : Promise.resolve({ appends, newKeys: new Map() });
  }

  /** Encodes outside a transaction, storing new data keys first (again when another writer's key won). */
  private async encodeStoringKeys(appends: readonly StreamAppend[], userId: string): Promise<EncodedAppends> {
    for (;;) {
      const encoded = await this.encode(appends, userId, this.pool);
      if (encoded.newKeys.size === 0 || (await this.codec!.storeKeys(encoded.newKeys, this.pool)).length === 0) {
        return encoded;
      }
    }
  }

  /** The stored rows as events, their sealed personal data opened by the codec (a store without one has none). */
  private decode(rows: readonly EventRow[], db: Queryable): Promise<StoredEvent[]> {
    const events = rows.map(toStoredEvent);
    if (!this.codec) return Promise.resolve(events);
    return this.codec.decode(
      events,
      db,
      rows.map((row) => row.sealed),
      (wanted) => sealedAt(db, wanted),
    );
  }

  announce(results: readonly AppendResult[]): void {
    for (const result of results) if (result.appended) this.appended.emit('appended', result);
  }

  /** The stream's events in version order (optionally only up to a version or a global position). */
  async readStream(
    streamId: string,
    options: { fromVersion?: number; toVersion?: number; toPosition?: number; toTime?: Date } = {},
    db: Queryable = this.pool,
  ): Promise<{ streamId: string; version: number; events: StoredEvent[] }> {
    const { rows } = await preparedQuery<EventRow>(
      db,
      `SELECT ${eventColumns('events', !this.withoutChain)} FROM events
        WHERE stream_id = $1 AND stream_version >= $2 AND stream_version <= $3
          AND global_position <= $4 AND recorded_at <= $5
        ORDER BY stream_version`,
      [
        streamId,
        options.fromVersion ?? 1,
        options.toVersion ?? 2_147_483_647,
        options.toPosition ?? Number.MAX_SAFE_INTEGER,
        options.toTime ?? new Date(8.64e15),
      ],
    );
    const events = await this.decode(rows, db);
    return { streamId, version: events.at(-1)?.streamVersion ?? 0, events };
  }

  /** The current version of a stream (0 when it does not exist). */
  async streamVersion(streamId: string, db: Queryable = this.pool): Promise<number> {
    const { rows } = await db.query<{ version: number }>('SELECT version FROM streams WHERE stream_id = $1', [
      streamId,
    ]);
    return rows[0]?.version ?? 0;
  }

  /**
   * Reads the global log after a checkpoint, gap-safe: only events of transactions older than every
   * transaction still running, in (transaction id, position) order. An event whose transaction commits
   * later is never skipped: it is read once that transaction has finished.
   * `gapSafe: false` reads every event the caller's snapshot sees instead: only for a caller that has made
   * sure no transaction that could still commit earlier events matters (it holds the locks such writers
   * take, or it compares tables and log in one REPEATABLE READ snapshot).
   */
  async readAll(
    options: { after?: LogCheckpoint; limit?: number; gapSafe?: boolean } = {},
    db: Queryable = this.pool,
  ): Promise<StoredEvent[]> {
    const after = options.after ?? LOG_START;
    const horizon = options.gapSafe === false ? '' : 'AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())';
    const { rows } = await db.query<EventRow>(
      `SELECT ${eventColumns('events', !this.withoutChain)} FROM events
        WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
          ${horizon}
        ORDER BY events.transaction_id, events.global_position -- the columns, not the text aliases
        LIMIT $3`,
      [after.transactionId, after.position, options.limit ?? 1000],
    );
    return this.decode(rows, db);
  }

  /**
   * Every event of the streams this user owns (the user whose command created the stream), in global
   * position order: the user's audit trail, including what the system or an admin did to their data.
   */
  async readByOwner(ownerId: string, options: { afterPosition?: number; limit?: number } = {}): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${eventColumns('e', !this.withoutChain)}
         FROM streams s JOIN events e ON e.stream_id = s.stream_id
        WHERE s.owner_id = $1 AND e.global_position > $2
        ORDER BY e.global_position LIMIT $3`,
      [ownerId, options.afterPosition ?? 0, options.limit ?? 100],
    );
    return this.decode(rows, this.pool);
  }

  /** The user who owns a stream, or null if it does not exist. */
  async streamOwner(streamId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ owner_id: string }>('SELECT owner_id FROM streams WHERE stream_id = $1', [
      streamId,
    ]);
    return rows[0]?.owner_id ?? null;
  }

  /** The log checkpoint of the event at a global position, or null if there is none. */
  async checkpointAt(position: number): Promise<LogCheckpoint | null> {
    const { rows } = await this.pool.query<{ transaction_id: string }>(
      'SELECT transaction_id::text AS transaction_id FROM events WHERE global_position = $1',
      [position],
    );
    return rows[0] ? { transactionId: rows[0].transaction_id, position } : null;
  }

  /** Health figures: the last position and the age of the oldest open transaction (it stalls readers). */
  async stats(): Promise<{ headPosition: number; oldestOpenTransactionSeconds: number }> {
    const { rows } = await this.pool.query<{ head: number | null; oldest: number | null }>(
      `SELECT (SELECT max(global_position) FROM events) AS head,
              (SELECT greatest(0, extract(epoch FROM clock_timestamp() - min(xact_start)))::float8 FROM pg_stat_activity
                WHERE state LIKE 'idle in transaction%' OR (state = 'active' AND backend_xid IS NOT NULL)) AS oldest`,
    );
    return { headPosition: rows[0]?.head ?? 0, oldestOpenTransactionSeconds: rows[0]?.oldest ?? 0 };
  }
}
