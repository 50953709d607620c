import type { Queryable } from '../postgres/pool';

/** What a caller hands to append: a past-tense type, its data and its schema version. */
export interface NewEvent {
  readonly type: string;
  readonly data: unknown;
  readonly schemaVersion: number;
  /** Client-chosen id; appending the same ids again is a no-op that answers with the original result. */
  readonly eventId?: string;
  /**
   * The event's personal data as a codec sealed it (stored in `events.sealed`, covered by the event's
   * hash); set by an EventCodec's encode only.
   */
  readonly sealed?: Buffer;
}

/** Travels with every event. */
export interface EventMetadata {
  readonly userId: string;
  readonly correlationId: string;
  readonly causationId: string | null;
  readonly schemaVersion: number;
  readonly recordedAt: string;
  readonly idempotencyKey?: string;
  readonly [key: string]: unknown;
}

/** Where a reader of the global log stands: the last (transaction id, position) it has read. */
export interface LogCheckpoint {
  readonly transactionId: string;
  readonly position: number;
}
export const LOG_START: LogCheckpoint = Object.freeze({ transactionId: '0', position: 0 });

export interface StoredEvent {
  readonly globalPosition: number;
  readonly transactionId: string;
  readonly streamId: string;
  readonly streamVersion: number;
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  readonly recordedAt: string;
}

/**
 * Expected version of a stream before an append: an exact version, or one of the special checks.
 * 'no_stream' = the stream must not exist yet; 'stream_exists' = it must; 'any' = no check.
 */
export type ExpectedVersion = number | 'any' | 'no_stream' | 'stream_exists';

export interface AppendOptions {
  readonly expectedVersion?: ExpectedVersion;
  readonly metadata: {
    readonly userId: string;
    readonly correlationId?: string;
    readonly causationId?: string | null;
    /**
     * Event ids are derived from (userId, key, stream, index): appending again with the same key is a no-op.
     * Use a key for one logical append only, ever; a key reused for other events would swallow them.
     */
    readonly idempotencyKey?: string;
    readonly [key: string]: unknown;
  };
  /** Clock for recordedAt (defaults to the wall clock). */
  readonly now?: Date;
}

export interface AppendResult {
  /** false when every event id was already stored: nothing was written, the original result is returned. */
  readonly appended: boolean;
  readonly streamId: string;
  readonly nextExpectedVersion: number;
  readonly firstPosition: number;
  readonly lastPosition: number;
  readonly transactionId: string;
}

export interface StreamAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expectedVersion?: ExpectedVersion;
}

/** Appends as they will be stored, and the data keys to store with them (user id to wrapped key). */
export interface EncodedAppends {
  readonly appends: readonly StreamAppend[];
  readonly newKeys: ReadonlyMap<string, Buffer>;
  /**
   * The users whose data key encrypted these appends (perhaps a cached copy): the append checks in its own
   * statement that none of them has been erased since (SQLSTATE SA003 if one was: encode again).
   */
  readonly usedKeys?: ReadonlySet<string>;
}

/**
 * What the store holds in `events.sealed` for each of these events (null: nothing, or no such event), in
 * order: for a codec whose events may refer to another event's sealed bytes (one seal for several events).
 */
export type SealedLookup = (
  events: readonly { readonly streamId: string; readonly streamVersion: number }[],
) => Promise<(Buffer | null)[]>;

/**
 * Transforms event data at the store's boundary (crypto-shredding: platform/src/crypto/): `encode` before an
 * append, `decode` after every read, so everyone above the store sees the data as it was appended.
 */
export interface EventCodec {
  encode(appends: readonly StreamAppend[], actorUserId: string, db: Queryable): Promise<EncodedAppends>;
  /**
   * `sealed[n]`: what the store holds in `events.sealed` for `events[n]` (null: nothing); `lookup`: the same of
   * events not read (through the reader's `db`).
   */
  decode(
    events: StoredEvent[],
    db: Queryable,
    sealed: readonly (Buffer | null)[],
    lookup: SealedLookup,
  ): Promise<StoredEvent[]>;
  /** Stores new keys outside a transaction; returns the users whose key another writer stored first. */
  storeKeys(newKeys: ReadonlyMap<string, Buffer>, db: Queryable): Promise<string[]>;
  /** Drops what is cached of these users' keys (an append found one of them erased). */
  forgetKeys(userIds: Iterable<string>): void;
}
