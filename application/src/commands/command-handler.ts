import type { DomainEvent } from '@stride/domain/shared/event';
import type { CommandMetadata } from '@stride/domain/shared/event';
import { DomainError } from '@stride/domain/shared/domain-error';
import type { EventRegistry } from '@stride/domain/shared/event-registry';
import { KeyedQueue } from '@stride/platform/concurrency/keyed-queue';
import { ExpectedVersionConflictError } from '@stride/platform/event-store/errors';
import { newEventId } from '@stride/platform/event-store/event-ids';
import {
  expectStreamVersions,
  isStreamMovedOn,
  type PostgresEventStore,
  type ReadStreamVersion,
} from '@stride/platform/event-store/event-store';
import type { AppendResult, StreamAppend } from '@stride/platform/event-store/types';
import type { Logger } from '@stride/platform/logger';
import type { Pool, PoolClient, Queryable } from '@stride/platform/postgres/pool';
import { inTransaction } from '@stride/platform/postgres/lazy-transaction';
import {
  noWrittenRows,
  type FinishedInline,
  type InlineProjections,
  type LoadRow,
  type WrittenRowsQuery,
} from '@stride/projections/core/inline-projections';
import type { IdempotencyClaim, IdempotencyStore } from './idempotency-store';

/** Who runs a command and why: becomes every event's metadata. */
export interface CommandContext {
  readonly userId: string;
  /** The request (or upstream message) the command belongs to. */
  readonly correlationId: string;
  /** The message that caused this command: the request id for HTTP commands. */
  readonly causationId: string | null;
  /** Set when the request carried an Idempotency-Key. */
  readonly idempotency?: IdempotencyClaim;
  /** The decision time, when it is not the handler's clock (billing decides with its own clock). */
  readonly now?: Date;
  /** More metadata recorded on every event (e.g. billing's actor and Stripe event id). */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** How a stream's state is rebuilt: the decider's initialState and evolve (method syntax: any decider fits). */
export interface StreamEvolver<State, Event extends DomainEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
}

/** A stream a command reads and may append to. */
export interface StreamTarget<State, Event extends DomainEvent> {
  readonly streamId: string;
  readonly decider: StreamEvolver<State, Event>;
  /** The version the caller saw (If-Match / expectedVersion): any other version is a 409, never retried. */
  readonly expectedVersion?: number;
  /**
   * The stream's state and version from a snapshot kept in the transaction of every event of the stream
   * (an inline read model row), instead of folding the whole stream; null = no snapshot, read the stream.
   * The append still checks the version, so a decision on it is as exact as one on the stream.
   */
  readonly snapshot?: (db: Queryable) => Promise<{ state: State; version: number } | null>;
  /**
   * The command creates this stream under a fresh id (e.g. a new goal's): the first try decides on the
   * initial state without reading the stream, and appends expecting that it does not exist, so a stream
   * that exists after all is a version conflict, and the retry reads it and decides on what is there.
   */
  readonly creates?: boolean;
  /**
   * With `snapshot`: what the snapshot's read also brought that the decision rests on (e.g. the user's time
   * zone and plan tier beside their usage counters), with the versions of the streams it came from. After
   * this process's own append, the target's state is cached with what `kept` returns; a later command on a
   * first try then `reuse`s it instead of reading the snapshot, and its append's message checks that those
   * streams are still at those versions (when one has moved on, the try is made again on fresh reads).
   */
  readonly readSet?: {
    readonly kept: () => KeptReads | null;
    readonly reuse: (kept: KeptReads, db: Queryable) => Promise<void>;
  };
}

/**
 * Reads kept for a later command (a target's read set, or a command's kept reads) and the versions of the
 * streams they came from, which that command's append checks.
 */
export interface KeptReads {
  readonly versions: readonly ReadStreamVersion[];
  readonly values: unknown;
}

/** Reads a command keeps for the next one (`ExecuteInput.keptReads`). */
export interface KeptReadsSource<Reads> {
  readonly key: string;
  readonly read: (db: Queryable) => Promise<KeptReads & { readonly values: Reads }>;
}

type AnyTarget = StreamTarget<unknown, DomainEvent>;
export type StreamTargets = { readonly [name: string]: AnyTarget };

type StateOf<Target> = Target extends StreamTarget<infer State, infer _Event> ? State : never;
type EventOf<Target> = Target extends StreamTarget<infer _State, infer Event> ? Event : never;

export type StreamStates<Targets extends StreamTargets> = { readonly [Name in keyof Targets]: StateOf<Targets[Name]> };
export type StreamDecisions<Targets extends StreamTargets> = {
  readonly [Name in keyof Targets]?: readonly EventOf<Targets[Name]>[];
};

/** A stream after the command: its state and version, the events appended, its last log position. */
export interface StreamOutcome<State, Event> {
  readonly streamId: string;
  readonly state: State;
  readonly version: number;
  readonly events: readonly Event[];
  /** Global position of the stream's last event (null for a stream that does not exist). */
  readonly position: number | null;
}

export interface CommandOutcome<Targets extends StreamTargets> {
  readonly streams: { readonly [Name in keyof Targets]: StreamOutcome<StateOf<Targets[Name]>, EventOf<Targets[Name]>> };
  /** Whether anything was appended (a command may decide nothing needs to change). */
  readonly appended: boolean;
  /** Some stream's events (by their deterministic ids) were stored before: nothing new was written to it. */
  readonly alreadyAppended: boolean;
  /**
   * The log position a read must wait for to see this command: its last appended event, or when nothing
   * was appended the newest event of the streams it read. null when there is none.
   */
  readonly position: number | null;
  /** Each of the input's `written` queries over the read-model rows the command wrote ([] when none). */
  readonly rows: Readonly<Record<string, readonly unknown[]>>;
}

export interface ExecuteInput<Targets extends StreamTargets, Result, Reads = undefined> {
  readonly streams: Targets;
  /**
   * What else the decision needs besides the streams (e.g. the caller's plan tier), read in the command's
   * turn in parallel with the streams (not in its transaction: it is no part of the version check); each
   * try reads it again. `decide` receives it.
   */
  readonly reads?: () => Promise<Reads>;
  /**
   * Instead of `reads`: reads this process keeps after the command's append (e.g. the user's time zone),
   * under `key`, with the versions of the streams they came from. A later command's first try decides on
   * what was kept without reading, and its append's message checks those versions; when one has moved on,
   * or the decision appends nothing or refuses, the try is made again on fresh reads.
   */
  readonly keptReads?: KeptReadsSource<Reads>;
  readonly decide: (states: StreamStates<Targets>, metadata: CommandMetadata, reads: Reads) => StreamDecisions<Targets>;
  readonly context: CommandContext;
  /** What the caller keeps of the outcome; stored with the Idempotency-Key in the same transaction. */
  readonly result: (outcome: CommandOutcome<Targets>) => Result;
  /**
   * Writes that must commit with the events (a Stripe receipt, a downgrade deadline), run in the same
   * transaction after the append. Throwing rolls everything back.
   */
  readonly alsoInTransaction?: (client: PoolClient, outcome: CommandOutcome<Targets>) => Promise<void>;
  /**
   * Deterministic event ids (e.g. derived from a Stripe event id), by stream name and index: the store
   * never stores an id twice, so a redelivered cause appends nothing (`outcome.alreadyAppended`).
   */
  readonly eventIdOf?: (streamName: keyof Targets & string, index: number) => string;
  /**
   * Read-model rows the result is built from, selected (by name) from the rows the command's inline
   * projections wrote, in their write statement: `outcome.rows`. A response built from them reads nothing
   * after the commit.
   */
  readonly written?: Readonly<Record<string, WrittenRowsQuery>>;
}

export interface LoadedStream<State> {
  readonly state: State;
  readonly version: number;
  readonly position: number | null;
}

/**
 * A target's state for one try; `unread`: taken from the state cache without reading the stream; `expects`:
 * the streams (and versions) the append's message must find unchanged (`StreamTarget.readSet`).
 */
interface LoadedTarget extends LoadedStream<unknown> {
  readonly unread?: boolean;
  readonly expects?: readonly ReadStreamVersion[];
}

/**
 * Thrown inside a try whose decision rested on a cached state it did not read and that the append will not
 * check (the decision appends nothing to that stream, or refuses), or on kept reads whose streams have moved
 * on (`StreamTarget.readSet`): the try is made again on read states.
 */
class UncheckedCachedState extends Error {}

/** How a try reads the streams. */
type TryMode = 'cached' | 'read' | 'locked';

export interface CommandHandlerOptions {
  readonly pool: Pool;
  readonly eventStore: PostgresEventStore;
  readonly registry: EventRegistry;
  readonly idempotency: IdempotencyStore;
  /** The read models kept in each command's transaction (the API's own: goals, users, usage, ...). */
  readonly inline: InlineProjections;
  readonly clock: () => Date;
  readonly logger: Logger;
  /** Automatic retries after a concurrent writer changed a stream (when the caller gave no version). */
  readonly maxRetries?: number;
}

/**
 * Runs commands the event-sourced way: read each stream and upcast its events through the registry, fold
 * them with the decider's evolve, decide, and append with the version read as the expected version, all
 * streams atomically in one transaction with the inline read models' changes (InlineProjections) and the
 * Idempotency-Key record, when there is one: when a command answers, its read-model rows are committed. A version
 * conflict is retried from the top up to `maxRetries` times, unless the caller named the version it saw
 * (If-Match / expectedVersion): then it is a 409 at once.
 */
export class CommandHandler {
  private readonly maxRetries: number;
  /** Commands of this process that write a stream queue for it here instead of failing each other. */
  private readonly queue = new KeyedQueue();
  /** Version conflicts met (each one retried a command from the top): a contention figure. */
  readonly stats = { conflicts: 0 };
  /**
   * Folded stream states this process read or wrote, per decider (a stream folds differently under
   * different deciders): a command reads only the events after the cached version, however long the
   * stream. Exact, since events are immutable and the append still checks the version; an entry lives
   * `STATE_CACHE_MS`, and every entry is dropped when an erasure is heard or the listener is lost
   * (`forgetStates`). Unlike the data keys (UserKeyStore's `hearsErasures`), states are still kept while
   * the listener reconnects: they serve only commands, which an erased user can no longer send (sign-in
   * asks the table then), so a state folded before an erasure not yet heard is at worst kept unused.
   */
  private readonly states = new WeakMap<object, Map<string, CachedState>>();
  /**
   * Streams another process wrote lately (a version conflict said so): for a while their commands read
   * them before deciding instead of trusting the cached state, which would only conflict again.
   */
  private readonly sharedStreams = new ExpiringSet(SHARED_STREAM_MS, STATE_CACHE_STREAMS);
  /** Reads commands kept (`ExecuteInput.keptReads`), for as long as stream states are kept. */
  private readonly keptReadsCache = new KeptReadsCache(() => this.statesGeneration);

  constructor(private readonly options: CommandHandlerOptions) {
    this.maxRetries = options.maxRetries ?? 3;
  }

  /** A stream's current state, version and last position (no command). */
  async load<State, Event extends DomainEvent>(
    streamId: string,
    decider: StreamEvolver<State, Event>,
    db: Queryable = this.options.pool,
  ): Promise<LoadedStream<State>> {
    const cached = this.cachedState(decider, streamId) as LoadedStream<State> | undefined;
    const { events } = await this.options.eventStore.readStream(
      streamId,
      cached ? { fromVersion: cached.version + 1 } : {},
      db,
    );
    const state = events
      .map((stored) => this.options.registry.upcast(stored) as Event)
      .reduce((current, event) => decider.evolve(current, event), cached?.state ?? decider.initialState());
    const loaded = {
      state,
      version: events.at(-1)?.streamVersion ?? cached?.version ?? 0,
      position: events.at(-1)?.globalPosition ?? cached?.position ?? null,
    };
    this.cacheState(decider, streamId, loaded);
    return loaded;
  }

  /**
   * A stream's state when its current version is known (read by another statement): the cached state when
   * it is of that version, the initial state when the stream does not exist (version 0), else `load`.
   * As exact as `load`: a stream's state at a version never changes.
   */
  async loadAtVersion<State, Event extends DomainEvent>(
    streamId: string,
    decider: StreamEvolver<State, Event>,
    version: number,
    db: Queryable = this.options.pool,
  ): Promise<LoadedStream<State>> {
    if (version === 0) return { state: decider.initialState(), version: 0, position: null };
    const cached = this.cachedState(decider, streamId) as LoadedStream<State> | undefined;
    return cached?.version === version ? cached : this.load(streamId, decider, db);
  }

  /** Drops every cached stream state (after an erasure in this process: no plaintext is kept). */
  forgetStates(): void {
    this.statesGeneration += 1;
  }

  private statesGeneration = 0;

  private cachedState(decider: object, streamId: string): LoadedStream<unknown> | undefined {
    return this.cachedEntry(decider, streamId)?.loaded;
  }

  private cachedEntry(decider: object, streamId: string): CachedState | undefined {
    const entry = this.states.get(decider)?.get(streamId);
    if (!entry) return undefined;
    if (entry.until <= Date.now() || entry.generation !== this.statesGeneration) {
      this.states.get(decider)!.delete(streamId);
      return undefined;
    }
    return entry;
  }

  private cacheState(decider: object, streamId: string, loaded: LoadedStream<unknown>, kept?: KeptReads): void {
    if (loaded.version === 0) return;
    let streams = this.states.get(decider);
    if (!streams) this.states.set(decider, (streams = new Map()));
    streams.delete(streamId); // re-inserted last: the map's order is the eviction order
    if (streams.size >= STATE_CACHE_STREAMS) streams.delete(streams.keys().next().value!);
    streams.set(streamId, { loaded, kept, until: Date.now() + STATE_CACHE_MS, generation: this.statesGeneration });
  }

  /**
   * A target's state: the initial one for a stream the command creates (first try only); on a first try,
   * for a target with a read set, the state cached after this process's last append with the reads kept
   * with it (not read: the append checks its version and theirs); from its snapshot when it has one
   * (position unknown then); on a first try the cached state when there is one (not read: the append checks
   * its version); else from its stream.
   */
  private async loadTarget(target: AnyTarget, db: Queryable, mode: TryMode): Promise<LoadedTarget> {
    if (target.creates && mode !== 'locked')
      return { state: target.decider.initialState(), version: 0, position: null };
    if (mode === 'cached' && target.readSet && !this.sharedStreams.has(target.streamId)) {
      const entry = this.cachedEntry(target.decider, target.streamId);
      if (entry?.kept && (target.expectedVersion === undefined || target.expectedVersion === entry.loaded.version)) {
        await target.readSet.reuse(entry.kept, db);
        return { ...entry.loaded, unread: true, expects: entry.kept.versions };
      }
    }
    const snapshot = target.snapshot ? await target.snapshot(db) : null;
    if (snapshot) return { state: snapshot.state, version: snapshot.version, position: null };
    if (mode === 'cached' && !this.sharedStreams.has(target.streamId)) {
      const cached = this.cachedState(target.decider, target.streamId);
      if (cached && (target.expectedVersion === undefined || target.expectedVersion === cached.version)) {
        return { ...cached, unread: true };
      }
    }
    return this.load(target.streamId, target.decider, db);
  }

  /**
   * Commands of this process on a common stream (e.g. one user's usage stream) run one after another, in
   * arrival order, so that they queue instead of conflicting and retrying from the top; the database's
   * version check and locked retries still serialise writers in other processes. The input's callbacks
   * (reads, decide, alsoInTransaction, ...) must not execute another command: on a stream of this one it
   * would wait for this one to finish (KeyedQueue).
   */
  async execute<Targets extends StreamTargets, Result, Reads = undefined>(
    input: ExecuteInput<Targets, Result, Reads>,
  ): Promise<{ outcome: CommandOutcome<Targets>; result: Result }> {
    return this.queue.run(
      Object.values(input.streams).map((target) => target.streamId),
      () => this.executeWithRetries(input),
    );
  }

  private async executeWithRetries<Targets extends StreamTargets, Result, Reads>(
    input: ExecuteInput<Targets, Result, Reads>,
  ): Promise<{ outcome: CommandOutcome<Targets>; result: Result }> {
    let mode: TryMode = 'cached';
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.attempt(input, attempt > 0 ? 'locked' : mode);
      } catch (error) {
        if (error instanceof UncheckedCachedState) {
          // Not a conflict: the same try again, on states read from the log.
          mode = 'read';
          attempt -= 1;
          continue;
        }
        if (!(error instanceof ExpectedVersionConflictError)) throw error;
        this.stats.conflicts += 1;
        this.sharedStreams.add(error.streamId);
        const callerVersion = Object.values(input.streams).find((t) => t.streamId === error.streamId)?.expectedVersion;
        if (callerVersion !== undefined || attempt >= this.maxRetries) {
          throw new DomainError('version_conflict', 'The data was changed by another request; reload and retry', {
            streamId: error.streamId,
            ...(callerVersion !== undefined && { expectedVersion: callerVersion }),
            actualVersion: error.actual,
          });
        }
        this.options.logger.debug(
          { streamId: error.streamId, attempt },
          'version conflict; retrying with the stream locks',
        );
      }
    }
  }

  /**
   * One try, in one transaction that appends the events and records the Idempotency-Key.
   * - Optimistic (first try): the streams are read in parallel outside the transaction; the append checks
   *   the versions read. Writers of different streams never wait for each other. A stream whose state this
   *   process has cached is not read at all ('cached'): commands of this process on a stream queue one after
   *   another, so the cache is current unless another process wrote, and then the append's version check
   *   fails and the retry reads. A decision that the append does not check (it appends nothing to such a
   *   stream, or refuses) is made again on read states ('read').
   * - Locked (retries): the streams' append locks (the event store's own advisory locks, in its fixed
   *   order, before any write) are taken first, then the streams are read and the command decided, so
   *   writers of one busy stream queue instead of failing each other again.
   * Round trips (LazyTransaction, one-message.ts): BEGIN, the append and the load of the read-model rows
   * its events touch go in one message; the write of those rows, the COMMIT and the change NOTIFY in a
   * second. With the reads before, a command that appends costs three round trips. With an
   * Idempotency-Key, four: the claim stores the result the write's rows make, so the write goes alone and
   * the claim with the COMMIT; with an `alsoInTransaction`, it runs between the write and the COMMIT.
   */
  private async attempt<Targets extends StreamTargets, Result, Reads>(
    {
      streams,
      reads,
      keptReads,
      decide,
      context,
      result,
      alsoInTransaction,
      eventIdOf,
      written = {},
    }: ExecuteInput<Targets, Result, Reads>,
    mode: TryMode,
  ): Promise<{ outcome: CommandOutcome<Targets>; result: Result }> {
    const { eventStore, pool, idempotency, registry, inline } = this.options;
    const names = Object.keys(streams) as (keyof Targets & string)[];
    const locked = mode === 'locked';
    const readAll = (db: Queryable) => Promise.all(names.map((name) => this.loadTarget(streams[name]!, db, mode)));
    // Kept reads: on a first try, those this process kept (checked in the append's message), else read now
    // (and kept after the append).
    let keptExpects: readonly ReadStreamVersion[] = [];
    let keptNow: KeptReads | null = null;
    const readOthers = async (): Promise<Reads> => {
      if (!keptReads) return (reads ? await reads() : undefined) as Reads;
      const kept = mode === 'cached' ? this.keptReadsCache.get(keptReads.key) : undefined;
      if (kept) {
        keptExpects = kept.versions;
        return kept.values as Reads;
      }
      keptNow = await keptReads.read(pool);
      return keptNow.values as Reads;
    };
    // Optimistic: the streams and the other reads in parallel. Locked: the other reads first, outside the
    // transaction (they take a connection of their own, which must not wait while this one holds locks).
    const [optimistic, others] = locked ? [null, await readOthers()] : await Promise.all([readAll(pool), readOthers()]);
    const committed = await inTransaction(pool, async (transaction) => {
      const { client } = transaction;
      let loaded: LoadedTarget[];
      if (optimistic) loaded = optimistic;
      else {
        await transaction.begin();
        await client.query(
          'SELECT count(pg_advisory_xact_lock(hashtextextended(id, 0))) FROM unnest($1::text[]) AS id',
          [[...new Set(names.map((name) => streams[name]!.streamId))].sort()],
        );
        loaded = await readAll(client);
      }
      names.forEach((name, index) => {
        const expected = streams[name]!.expectedVersion;
        const actual = loaded[index]!.version;
        if (expected !== undefined && expected !== actual) {
          throw new DomainError('version_conflict', 'The data was changed by another request; reload and retry', {
            streamId: streams[name]!.streamId,
            expectedVersion: expected,
            actualVersion: actual,
          });
        }
      });
      const states = Object.fromEntries(
        names.map((name, index) => [name, loaded[index]!.state]),
      ) as StreamStates<Targets>;
      const now = this.options.clock();
      const unread = loaded.some((stream) => stream.unread) || keptExpects.length > 0;
      let decisions: StreamDecisions<Targets>;
      try {
        decisions = decide(states, { now: context.now ?? now, userId: context.userId }, others);
      } catch (error) {
        if (unread) throw new UncheckedCachedState();
        throw error;
      }
      const planned = names.map((name, index) => ({
        name,
        target: streams[name]!,
        loaded: loaded[index]!,
        events: (decisions[name] ?? []).map((event) => registry.validateForAppend(event)),
      }));
      if (
        planned.some((stream) => stream.loaded.unread && stream.events.length === 0) ||
        (keptExpects.length > 0 && planned.every((stream) => stream.events.length === 0))
      ) {
        throw new UncheckedCachedState();
      }
      const appends: StreamAppend[] = planned
        .filter((stream) => stream.events.length > 0)
        .map(({ name, target, loaded: current, events }) => ({
          streamId: target.streamId,
          expectedVersion: current.version === 0 ? 'no_stream' : current.version,
          events: events.map((event, index) => ({
            type: event.type,
            data: event.data,
            schemaVersion: registry.schemaVersionOf(event.type),
            // Ids chosen here, so the inline read models know each stored event in full.
            eventId: eventIdOf ? eventIdOf(name, index) : newEventId(),
          })),
        }));
      const metadata = {
        ...context.metadata,
        userId: context.userId,
        correlationId: context.correlationId,
        causationId: context.causationId,
        // Recorded for audits only. Not `idempotencyKey`: the store would derive event ids from it,
        // and a key reused after it expires would then turn a new command's events into "duplicates".
        // Retries are made exact by the claim in command_idempotency instead.
        ...(context.idempotency && { requestIdempotencyKey: context.idempotency.key }),
      };
      let appendResults: AppendResult[] = [];
      let finished: FinishedInline | null = null;
      if (appends.length > 0) {
        // One round trip: BEGIN (unless the locked path began), the append, and the load of every
        // read-model row the events may touch (locked), each statement after the one before.
        const append = await eventStore.planAppend(client, appends, { metadata, now });
        const inlinePlan = inline.plan({ appends, metadata }, written);
        // Reads kept from an earlier command travel as a check in the same message, before the append.
        const expects = [...loaded.flatMap((stream) => stream.expects ?? []), ...keptExpects];
        const check = expects.length > 0 ? [expectStreamVersions(expects)] : [];
        const results = await transaction
          .send([...check, append.statement, ...(inlinePlan.load ? [inlinePlan.load] : [])])
          .catch((error: unknown) => {
            if (isStreamMovedOn(error)) throw new UncheckedCachedState();
            return append.failed(error);
          });
        const [appended, load] = results.slice(check.length);
        appendResults = append.resultsOf(appended!.rows as Parameters<typeof append.resultsOf>[0]);
        finished = await inlinePlan.finish(client, appendResults, (load?.rows ?? []) as LoadRow[]);
      }
      const changes = finished?.changes ?? [];
      const after = inline.afterCommit(changes);
      // The write of the read-model rows goes with the COMMIT when nothing else must run between them;
      // else the write goes alone, and the Idempotency-Key claim (which stores the result the write's rows
      // make) goes with the COMMIT.
      const claim = context.idempotency;
      const commitsWithWrite = !alsoInTransaction && !claim;
      const write = finished?.write ? [finished.write] : [];
      const writeResults = commitsWithWrite
        ? await transaction.commit(write, after)
        : write.length > 0
          ? await transaction.send(write)
          : [];
      const rows = finished
        ? finished.rowsOf((writeResults[0]?.rows ?? []) as Record<string, unknown[]>[])
        : noWrittenRows(written);
      const outcome = outcomeOf<Targets>(planned, appendResults, rows);
      if (alsoInTransaction) {
        await transaction.begin();
        await alsoInTransaction(client, outcome);
      }
      const kept = result(outcome);
      if (!commitsWithWrite) {
        await transaction
          .commit(claim ? [idempotency.claimStatement(claim, kept)] : [], after)
          .catch((error: unknown) => {
            throw claim ? idempotency.claimError(claim, error) : error;
          });
      }
      return { outcome, result: kept, appendResults, changes };
    });
    // The states after the append are the streams' states at their new versions (kept for the next command).
    for (const name of names) {
      const target = streams[name]!;
      const stream = committed.outcome.streams[name]!;
      const appended = committed.appendResults.find((appendResult) => appendResult.streamId === stream.streamId);
      if (!appended?.appended) continue;
      // A snapshot target's state is kept only with its read set's reads (else it is read each time anyway);
      // an older state cached by another command is dropped then, so that none is taken for the current one.
      const kept = target.readSet?.kept() ?? undefined;
      if (!target.snapshot || kept) {
        this.cacheState(
          target.decider,
          stream.streamId,
          { state: stream.state, version: stream.version, position: stream.position },
          kept,
        );
      } else this.states.get(target.decider)?.delete(stream.streamId);
    }
    if (keptReads && keptNow && committed.appendResults.some((appended) => appended.appended)) {
      this.keptReadsCache.set(keptReads.key, keptNow);
    }
    inline.announce(committed.changes);
    eventStore.announce(committed.appendResults);
    return { outcome: committed.outcome, result: committed.result };
  }
}

/** How long, and for how many streams per decider, a command handler keeps folded stream states. */
const STATE_CACHE_MS = 10_000;
const STATE_CACHE_STREAMS = 10_000;
/** How long a stream another process wrote is read before each decision (see `sharedStreams`). */
const SHARED_STREAM_MS = 60_000;

/** Keys remembered for `ms` each, at most `max` of them (the oldest are dropped first). */
class ExpiringSet {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly ms: number,
    private readonly max: number,
  ) {}

  add(key: string): void {
    this.until.delete(key);
    if (this.until.size >= this.max) this.until.delete(this.until.keys().next().value!);
    this.until.set(key, Date.now() + this.ms);
  }

  has(key: string): boolean {
    const until = this.until.get(key);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.until.delete(key);
    return false;
  }
}

/** Kept reads by key: each lives `STATE_CACHE_MS` and no longer than the state cache's generation. */
class KeptReadsCache {
  private readonly entries = new Map<string, { kept: KeptReads; until: number; generation: number }>();

  constructor(private readonly generation: () => number) {}

  get(key: string): KeptReads | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > Date.now() && entry.generation === this.generation()) return entry.kept;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, kept: KeptReads): void {
    this.entries.delete(key);
    if (this.entries.size >= STATE_CACHE_STREAMS) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { kept, until: Date.now() + STATE_CACHE_MS, generation: this.generation() });
  }
}

interface CachedState {
  readonly loaded: LoadedStream<unknown>;
  /** What the target's snapshot read besides its state, when it has a read set. */
  readonly kept?: KeptReads;
  readonly until: number;
  readonly generation: number;
}

interface PlannedStream {
  readonly name: string;
  readonly target: StreamTarget<unknown, DomainEvent>;
  readonly loaded: LoadedStream<unknown>;
  readonly events: readonly DomainEvent[];
}

/** Each stream after the command, and the position a read must wait for. */
function outcomeOf<Targets extends StreamTargets>(
  planned: readonly PlannedStream[],
  appendResults: readonly AppendResult[],
  rows: CommandOutcome<Targets>['rows'],
): CommandOutcome<Targets> {
  const streams = Object.fromEntries(
    planned.map(({ name, target, loaded, events }) => {
      const appended = appendResults.find((appendResult) => appendResult.streamId === target.streamId);
      return [
        name,
        {
          streamId: target.streamId,
          state: events.reduce((state, event) => target.decider.evolve(state, event), loaded.state),
          version: appended?.nextExpectedVersion ?? loaded.version,
          events,
          position: appended?.lastPosition ?? loaded.position,
        },
      ];
    }),
  ) as unknown as CommandOutcome<Targets>['streams'];
  const positions =
    appendResults.length > 0
      ? appendResults.map((appendResult) => appendResult.lastPosition)
      : planned.flatMap(({ loaded }) => (loaded.position === null ? [] : [loaded.position]));
  return {
    streams,
    appended: appendResults.some((appendResult) => appendResult.appended),
    alreadyAppended: appendResults.some((appendResult) => !appendResult.appended),
    position: positions.length > 0 ? Math.max(...positions) : null,
    rows,
  };
}
