import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '@stride/domain/event-catalogue';
import { goalDecider } from '@stride/domain/goals/goal-decider';
import type { DomainError } from '@stride/domain/shared/domain-error';
import type { CommandMetadata } from '@stride/domain/shared/event';
import { streamIds } from '@stride/domain/stream-ids';
import { usageDecider } from '@stride/domain/usage/usage-decider';
import { PostgresEventStore } from '@stride/platform/event-store/event-store';
import { createLogger } from '@stride/platform/logger';
import { createServerTestDatabase, type TestDatabase } from '@stride/testing/postgres';
import { createCoreProjections } from '@stride/projections/core-projections';
import { InlineProjections } from '@stride/projections/core/inline-projections';
import type { ReadModelChange } from '@stride/projections/core/change-notifications';
import { getUsageSnapshot } from '@stride/projections/usage/queries/get-usage-snapshot';
import { CommandHandler, type CommandContext, type KeptReads, type KeptReadsSource } from './command-handler';
import { IdempotencyStore, IdempotentReplay } from './idempotency-store';

/** The one write path against a real PostgreSQL: atomicity, versions, retries, idempotency, hooks. */
describe('CommandHandler', () => {
  let db: TestDatabase;
  let eventStore: PostgresEventStore;
  let idempotency: IdempotencyStore;
  const now = new Date('2026-03-01T10:00:00.000Z');
  const logger = createLogger({ level: 'silent' });
  const inline = new InlineProjections(createCoreProjections(eventRegistry));
  const handlerWith = (options: { maxRetries?: number; store?: PostgresEventStore } = {}) =>
    new CommandHandler({
      pool: db.pool,
      eventStore: options.store ?? eventStore,
      registry: eventRegistry,
      idempotency,
      inline,
      clock: () => now,
      logger,
      ...(options.maxRetries !== undefined && { maxRetries: options.maxRetries }),
    });

  beforeAll(async () => {
    db = await createServerTestDatabase({ poolSize: 10 });
    eventStore = new PostgresEventStore(db.pool);
    idempotency = new IdempotencyStore(db.pool);
    await db.pool.query('CREATE TABLE side_effects (id text PRIMARY KEY)');
  });
  afterAll(async () => {
    await db.drop();
  });

  const userId = 'usr_handler';
  const context = (extra: Partial<CommandContext> = {}): CommandContext => ({
    userId,
    correlationId: 'corr-1',
    causationId: 'req-1',
    ...extra,
  });
  const createGoalCommand = (goalId: string, metadata: CommandMetadata) =>
    ({
      type: 'CreateGoal',
      data: { goalId, title: 'Swim', description: '', category: 'health', priority: 'medium', targetDate: null },
      metadata,
    }) as const;
  const rename = (title: string, metadata: CommandMetadata) =>
    ({ type: 'UpdateGoal', data: { changes: { title } }, metadata }) as const;
  const goalStream = (goalId: string, expectedVersion?: number) => ({
    streamId: streamIds.goal(goalId),
    decider: goalDecider,
    ...(expectedVersion !== undefined && { expectedVersion }),
  });

  /** A goal created by the handler; returns its id. */
  const givenGoal = async () => {
    const goalId = randomUUID();
    await handlerWith().execute({
      streams: { goal: goalStream(goalId) },
      decide: (_states, metadata) => ({ goal: goalDecider.decide(createGoalCommand(goalId, metadata), null) }),
      context: context(),
      result: () => null,
    });
    return goalId;
  };
  const versionOf = async (streamId: string) => (await eventStore.readStream(streamId, {})).version;
  const rejection = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      return error;
    }
    throw new Error('expected a rejection');
  };

  it('appends to several streams atomically, in one transaction, with the context as metadata', async () => {
    const goalId = randomUUID();
    const usageId = streamIds.usage(`usr_${randomUUID()}`);
    const { outcome, result } = await handlerWith().execute({
      streams: { goal: goalStream(goalId), usage: { streamId: usageId, decider: usageDecider } },
      decide: (states, metadata) => ({
        goal: goalDecider.decide(createGoalCommand(goalId, metadata), states.goal),
        usage: usageDecider.decide({ type: 'CountGoal', data: { tier: 'free', goalId }, metadata }, states.usage),
      }),
      context: context(),
      result: (done) => ({ goalId, position: done.position }),
    });
    expect(outcome.appended).toBe(true);
    expect(outcome.streams.goal.version).toBe(1);
    expect(outcome.streams.goal.state?.title).toBe('Swim');
    expect(outcome.streams.usage.version).toBeGreaterThanOrEqual(1);
    expect(result.position).toBe(Math.max(outcome.streams.goal.position!, outcome.streams.usage.position!));
    const { rows } = await db.pool.query<{ transactions: number; correlation: string }>(
      `SELECT count(DISTINCT transaction_id) AS transactions, min(metadata->>'correlationId') AS correlation
         FROM events WHERE stream_id = ANY($1)`,
      [[streamIds.goal(goalId), usageId]],
    );
    expect(rows[0]).toEqual({ transactions: 1, correlation: 'corr-1' });
  });

  it('appends nothing to any stream when one of them fails (a version the caller named is stale)', async () => {
    const goalId = randomUUID();
    const usageId = streamIds.usage(`usr_${randomUUID()}`);
    const error = await rejection(
      handlerWith().execute({
        streams: { goal: goalStream(goalId), usage: { streamId: usageId, decider: usageDecider, expectedVersion: 3 } },
        decide: (states, metadata) => ({
          goal: goalDecider.decide(createGoalCommand(goalId, metadata), states.goal),
          usage: usageDecider.decide({ type: 'CountGoal', data: { tier: 'free', goalId }, metadata }, states.usage),
        }),
        context: context(),
        result: () => null,
      }),
    );
    expect((error as DomainError).code).toBe('version_conflict');
    expect(await versionOf(streamIds.goal(goalId))).toBe(0);
    expect(await versionOf(usageId)).toBe(0);
  });

  it('answers version_conflict at once, without a retry, when the caller named the version it saw', async () => {
    const goalId = await givenGoal();
    let decisions = 0;
    const error = await rejection(
      handlerWith().execute({
        streams: { goal: goalStream(goalId, 0) },
        decide: (states, metadata) => {
          decisions += 1;
          return { goal: goalDecider.decide(rename('Run', metadata), states.goal) };
        },
        context: context(),
        result: () => null,
      }),
    );
    expect(error).toMatchObject({
      code: 'version_conflict',
      details: { streamId: streamIds.goal(goalId), expectedVersion: 0, actualVersion: 1 },
    });
    expect(decisions).toBe(0);
    expect(await versionOf(streamIds.goal(goalId))).toBe(1);
  });

  /** An event store whose first read of a stream is overtaken by another writer before the command appends. */
  const overtakenOnFirstRead = (title: string) => {
    const store = new PostgresEventStore(db.pool);
    let overtaken = false;
    const readStream: PostgresEventStore['readStream'] = async (streamId, options, queryable) => {
      const read = await eventStore.readStream(streamId, options, queryable);
      if (!overtaken) {
        overtaken = true;
        const { type, data } = eventRegistry.validateForAppend({ type: 'GoalUpdated', data: { changes: { title } } });
        await eventStore.append(streamId, [{ type, data, schemaVersion: 1 }], { metadata: { userId } });
      }
      return read;
    };
    return Object.assign(store, { readStream });
  };

  it('retries a conflict it was not told about, deciding again on the new state under the stream locks', async () => {
    const goalId = await givenGoal();
    const seen: string[] = [];
    const { outcome } = await handlerWith({ store: overtakenOnFirstRead('Walk') }).execute({
      streams: { goal: goalStream(goalId) },
      decide: (states, metadata) => {
        seen.push(states.goal!.title);
        return { goal: goalDecider.decide(rename('Run', metadata), states.goal) };
      },
      context: context(),
      result: () => null,
    });
    expect(seen).toEqual(['Swim', 'Walk']);
    expect(outcome.streams.goal.version).toBe(3);
    expect(outcome.streams.goal.state?.title).toBe('Run');
  });

  it('decides a stream it creates without reading it; when the stream exists after all, the retry reads it', async () => {
    const fresh = randomUUID();
    const reads: string[] = [];
    const counting = Object.assign(new PostgresEventStore(db.pool), {
      readStream: ((streamId, options, queryable) => {
        reads.push(streamId);
        return eventStore.readStream(streamId, options, queryable);
      }) satisfies PostgresEventStore['readStream'],
    });
    const create = (goalId: string, seen: unknown[]) =>
      handlerWith({ store: counting }).execute({
        streams: { goal: { ...goalStream(goalId), creates: true } },
        decide: (states, metadata) => {
          seen.push(states.goal);
          return { goal: goalDecider.decide(createGoalCommand(goalId, metadata), states.goal) };
        },
        context: context(),
        result: () => null,
      });
    const seenFresh: unknown[] = [];
    const { outcome } = await create(fresh, seenFresh);
    expect(reads).toEqual([]);
    expect(seenFresh).toEqual([null]);
    expect(outcome.streams.goal.version).toBe(1);

    const existing = await givenGoal();
    const seenExisting: unknown[] = [];
    const error = await rejection(create(existing, seenExisting));
    expect(reads).toEqual([streamIds.goal(existing)]);
    expect(seenExisting).toHaveLength(2);
    expect(seenExisting[0]).toBeNull();
    expect(seenExisting[1]).toMatchObject({ title: 'Swim' });
    expect((error as DomainError).code).not.toBe('version_conflict');
    expect(await versionOf(streamIds.goal(existing))).toBe(1);
  });

  /** A handler over a store that records each stream read's fromVersion (undefined: the whole stream). */
  const readRecordingHandler = () => {
    const fromVersions: Array<number | undefined> = [];
    const store = Object.assign(new PostgresEventStore(db.pool), {
      readStream: ((streamId, options, queryable) => {
        fromVersions.push(options?.fromVersion);
        return eventStore.readStream(streamId, options, queryable);
      }) satisfies PostgresEventStore['readStream'],
    });
    return { handler: handlerWith({ store }), fromVersions };
  };
  /** Another writer (another process) appends a goal event, past any handler's cache. */
  const anotherWriterAppends = async (goalId: string, event: { type: string; data: unknown }) => {
    const { type, data } = eventRegistry.validateForAppend(event);
    await eventStore.append(streamIds.goal(goalId), [{ type, data, schemaVersion: 1 }], { metadata: { userId } });
  };
  const goalCommand = (
    handler: CommandHandler,
    goalId: string,
    command: (metadata: CommandMetadata) => Parameters<typeof goalDecider.decide>[0],
    seen: string[] = [],
  ) =>
    handler.execute({
      streams: { goal: goalStream(goalId) },
      decide: (states, metadata) => {
        seen.push(`${states.goal!.title}/${states.goal!.status}`);
        return { goal: goalDecider.decide(command(metadata), states.goal) };
      },
      context: context(),
      result: (outcome) => outcome.streams.goal,
    });

  it('keeps the states it folded: a later command of this process reads nothing, the append checks the version', async () => {
    const goalId = await givenGoal();
    const { handler, fromVersions } = readRecordingHandler();
    await goalCommand(handler, goalId, (metadata) => rename('Run', metadata));
    const seen: string[] = [];
    const walk = await goalCommand(handler, goalId, (metadata) => rename('Walk', metadata), seen);
    expect(fromVersions).toEqual([undefined]);
    expect(seen).toEqual(['Run/active']);
    expect(walk.result.version).toBe(3);
    expect(handler.stats.conflicts).toBe(0);
    expect((await handler.load(streamIds.goal(goalId), goalDecider)).state?.title).toBe('Walk');
    // After an erasure nothing folded is kept: the whole stream is read again.
    handler.forgetStates();
    await handler.load(streamIds.goal(goalId), goalDecider);
    expect(fromVersions.at(-1)).toBeUndefined();
  });

  it("another process's write makes the cached state's append conflict: the retry reads only the newer events, and the stream is read first from then on", async () => {
    const goalId = await givenGoal();
    const { handler, fromVersions } = readRecordingHandler();
    await goalCommand(handler, goalId, (metadata) => rename('Run', metadata));
    await anotherWriterAppends(goalId, { type: 'GoalUpdated', data: { changes: { title: 'Ski' } } });
    const seen: string[] = [];
    const row = await goalCommand(handler, goalId, (metadata) => rename('Row', metadata), seen);
    expect(seen).toEqual(['Run/active', 'Ski/active']);
    expect(row.result.version).toBe(4);
    expect(row.result.state?.title).toBe('Row');
    expect(handler.stats.conflicts).toBe(1);
    expect(fromVersions).toEqual([undefined, 3]);
    // A stream another process writes is read before each decision: no second conflict.
    await anotherWriterAppends(goalId, { type: 'GoalUpdated', data: { changes: { title: 'Sail' } } });
    const again: string[] = [];
    await goalCommand(handler, goalId, (metadata) => rename('Rest', metadata), again);
    expect(again).toEqual(['Sail/active']);
    expect(handler.stats.conflicts).toBe(1);
    expect(fromVersions).toEqual([undefined, 3, 5]);
  });

  it('decides again on the read stream when a cached state made the decision append nothing', async () => {
    const goalId = await givenGoal();
    const { handler } = readRecordingHandler();
    await goalCommand(handler, goalId, (metadata) => rename('Run', metadata));
    await anotherWriterAppends(goalId, { type: 'GoalUpdated', data: { changes: { title: 'Ski' } } });
    // The cached title is already 'Run': a no-op there, which no append would check.
    const seen: string[] = [];
    const { result } = await goalCommand(handler, goalId, (metadata) => rename('Run', metadata), seen);
    expect(seen).toEqual(['Run/active', 'Ski/active']);
    expect(result.version).toBe(4);
    expect(result.state?.title).toBe('Run');
    expect(handler.stats.conflicts).toBe(0);
  });

  it('decides again on the read stream when a cached state made the decision refuse', async () => {
    const goalId = await givenGoal();
    const { handler } = readRecordingHandler();
    await goalCommand(handler, goalId, (metadata) => ({ type: 'CompleteGoal', data: {}, metadata }));
    await anotherWriterAppends(goalId, { type: 'GoalReactivated', data: {} });
    // The cached goal is completed: completing it again would be refused, on a state that is not current.
    const seen: string[] = [];
    const { result } = await goalCommand(
      handler,
      goalId,
      (metadata) => ({ type: 'CompleteGoal', data: {}, metadata }),
      seen,
    );
    expect(seen).toEqual(['Swim/completed', 'Swim/active']);
    expect(result.state?.status).toBe('completed');
    expect(result.version).toBe(4);
    // A refusal on a read state stands.
    const error = await rejection(
      goalCommand(handler, goalId, (metadata) => ({ type: 'CompleteGoal', data: {}, metadata })),
    );
    expect(error).toMatchObject({ code: 'illegal_state' });
  });

  it('reads the stream when the caller names a version other than the cached one', async () => {
    const goalId = await givenGoal();
    const { handler, fromVersions } = readRecordingHandler();
    await goalCommand(handler, goalId, (metadata) => rename('Run', metadata));
    await anotherWriterAppends(goalId, { type: 'GoalUpdated', data: { changes: { title: 'Ski' } } });
    // The caller saw version 3 (the other writer's): the cache holds 2, so the stream is read, no conflict.
    const { outcome } = await handler.execute({
      streams: { goal: goalStream(goalId, 3) },
      decide: (states, metadata) => ({ goal: goalDecider.decide(rename('Row', metadata), states.goal) }),
      context: context(),
      result: () => null,
    });
    expect(outcome.streams.goal.version).toBe(4);
    expect(fromVersions).toEqual([undefined, 3]);
  });

  it('gives up with version_conflict after maxRetries', async () => {
    const goalId = await givenGoal();
    const error = await rejection(
      handlerWith({ maxRetries: 0, store: overtakenOnFirstRead('Walk') }).execute({
        streams: { goal: goalStream(goalId) },
        decide: (states, metadata) => ({ goal: goalDecider.decide(rename('Run', metadata), states.goal) }),
        context: context(),
        result: () => null,
      }),
    );
    expect(error).toMatchObject({ code: 'version_conflict', details: { actualVersion: 2 } });
  });

  it('stores the Idempotency-Key claim with the result in the transaction of the events; a second claim replays', async () => {
    const goalId = await givenGoal();
    const claim = { userId, key: `key-${goalId}`, fingerprint: 'f1' };
    const run = (title: string) =>
      handlerWith().execute({
        streams: { goal: goalStream(goalId) },
        decide: (states, metadata) => ({ goal: goalDecider.decide(rename(title, metadata), states.goal) }),
        context: context({ idempotency: claim }),
        result: (outcome) => ({ goalId, version: outcome.streams.goal.version }),
      });
    await run('Run');
    expect(await idempotency.find(userId, claim.key)).toEqual({
      fingerprint: 'f1',
      result: { goalId, version: 2 },
      response: null,
    });
    const { rows } = await db.pool.query<{ same: boolean }>(
      `SELECT (SELECT xmin::text FROM command_idempotency WHERE idempotency_key = $1)
            = (SELECT (transaction_id::text::bigint % 4294967296)::text FROM events
                WHERE stream_id = $2 AND stream_version = 2) AS same`,
      [claim.key, streamIds.goal(goalId)],
    );
    expect(rows[0]?.same).toBe(true);

    expect(await rejection(run('Cycle'))).toBeInstanceOf(IdempotentReplay);
    expect(await versionOf(streamIds.goal(goalId))).toBe(2);
  });

  it('rolls back the events, the claim and its own writes when alsoInTransaction throws', async () => {
    const goalId = await givenGoal();
    const claim = { userId, key: `key-rollback-${goalId}`, fingerprint: 'f' };
    const execute = (fail: boolean) =>
      handlerWith().execute({
        streams: { goal: goalStream(goalId) },
        decide: (states, metadata) => ({ goal: goalDecider.decide(rename('Run', metadata), states.goal) }),
        context: context({ idempotency: claim }),
        result: () => null,
        alsoInTransaction: async (client, outcome) => {
          expect(outcome.appended).toBe(true);
          await client.query('INSERT INTO side_effects (id) VALUES ($1)', [goalId]);
          if (fail) throw new Error('receipt refused');
        },
      });
    await expect(execute(true)).rejects.toThrow('receipt refused');
    expect(await versionOf(streamIds.goal(goalId))).toBe(1);
    expect(await idempotency.find(userId, claim.key)).toBeNull();
    expect((await db.pool.query('SELECT 1 FROM side_effects WHERE id = $1', [goalId])).rowCount).toBe(0);

    await execute(false);
    expect(await versionOf(streamIds.goal(goalId))).toBe(2);
    expect((await db.pool.query('SELECT 1 FROM side_effects WHERE id = $1', [goalId])).rowCount).toBe(1);
  });

  it('commits the read models with the events: readable when execute returns, nothing left by a rollback', async () => {
    const heard: ReadModelChange[] = [];
    const listener = (change: ReadModelChange) => heard.push(change);
    inline.changed.on('changed', listener);
    const goalId = await givenGoal();
    const row = async () =>
      (await db.pool.query('SELECT title, version, updated_at FROM goals WHERE id = $1', [goalId])).rows[0];
    const created = await db.pool.query<{ position: number; recorded_at: Date }>(
      'SELECT global_position AS position, recorded_at FROM events WHERE stream_id = $1',
      [streamIds.goal(goalId)],
    );
    expect(await row()).toEqual({
      title: 'Swim',
      version: 1,
      updated_at: created.rows[0]!.recorded_at.toISOString(),
    });
    expect(heard).toEqual([{ projection: 'goals', users: [userId], position: created.rows[0]!.position }]);
    inline.changed.off('changed', listener);

    await expect(
      handlerWith().execute({
        streams: { goal: goalStream(goalId) },
        decide: (states, metadata) => ({ goal: goalDecider.decide(rename('Run', metadata), states.goal) }),
        context: context(),
        result: () => null,
        alsoInTransaction: async () => {
          throw new Error('refused');
        },
      }),
    ).rejects.toThrow('refused');
    expect((await row()).title).toBe('Swim');
    const { outcome } = await handlerWith().execute({
      streams: { goal: goalStream(goalId) },
      decide: (states, metadata) => ({ goal: goalDecider.decide(rename('Run', metadata), states.goal) }),
      context: context(),
      result: () => null,
    });
    expect(await row()).toMatchObject({ title: 'Run', version: 2 });
    expect(outcome.position).toBeGreaterThan(created.rows[0]!.position);
  });

  it('with deterministic event ids, a redelivered cause appends nothing and reports alreadyAppended', async () => {
    const goalId = await givenGoal();
    const cause = randomUUID();
    const execute = (title: string) =>
      handlerWith().execute({
        streams: { goal: goalStream(goalId) },
        decide: (states, metadata) => ({ goal: goalDecider.decide(rename(title, metadata), states.goal) }),
        context: context(),
        result: () => null,
        eventIdOf: (name, index) => `${cause.slice(0, 34)}${name === 'goal' ? '0' : '1'}${index}`,
      });
    const first = await execute('Run');
    expect(first.outcome).toMatchObject({ appended: true, alreadyAppended: false });
    const again = await execute('Cycle');
    expect(again.outcome).toMatchObject({ appended: false, alreadyAppended: true });
    expect(await versionOf(streamIds.goal(goalId))).toBe(2);
    expect((await eventStore.readStream(streamIds.goal(goalId), {})).events.at(-1)?.data).toEqual({
      changes: { title: 'Run' },
    });
  });
  it('loadAtVersion: the initial state without a stream, the cached state at its version, else the stream', async () => {
    const reader = handlerWith();
    const writer = handlerWith(); // another process: its appends are not in the reader's cache
    const goalId = await givenGoal();
    const streamId = streamIds.goal(goalId);
    const none = await reader.loadAtVersion(streamIds.goal(randomUUID()), goalDecider, 0);
    expect(none).toEqual({ state: goalDecider.initialState(), version: 0, position: null });
    const first = await reader.loadAtVersion(streamId, goalDecider, 1);
    expect([first.version, first.state?.title]).toEqual([1, 'Swim']);
    await writer.execute({
      streams: { goal: goalStream(goalId) },
      decide: (states, metadata) => ({ goal: goalDecider.decide(rename('Swim far', metadata), states.goal) }),
      context: context(),
      result: () => null,
    });
    // The version read elsewhere is newer than the reader's cached state: the reader reads what it lacks.
    const second = await reader.loadAtVersion(streamId, goalDecider, 2);
    expect([second.version, second.state?.title]).toEqual([2, 'Swim far']);
    expect(await reader.loadAtVersion(streamId, goalDecider, 2)).toEqual(second);
  });
  it('reuses a read set kept after its own append: no snapshot read, the append checks it, moved on = fresh read', async () => {
    const handler = handlerWith();
    const owner = `usr_${randomUUID()}`;
    const usageStream = streamIds.usage(owner);
    /** The stream the decision's other read came from (as a user's time zone comes from their user stream). */
    const source = streamIds.goal(randomUUID());
    let snapshots = 0;
    const decidedOn: string[] = [];
    /** A new target per command, as create-goal makes: what it read lives in the closure. */
    const countOne = () => {
      let reads: { label: string } | null = null;
      let kept: KeptReads | null = null;
      return handler.execute({
        streams: {
          usage: {
            streamId: usageStream,
            decider: usageDecider,
            snapshot: async (queryable) => {
              snapshots += 1;
              const version = (await eventStore.readStream(source, {}, queryable)).version;
              reads = { label: `${source}@${version}` };
              kept = { versions: [[source, version]], values: reads };
              return getUsageSnapshot(queryable, owner);
            },
            readSet: {
              kept: () => kept,
              reuse: async (given) => {
                kept = given;
                reads = given.values as { label: string };
              },
            },
          },
        },
        decide: (states, metadata) => {
          decidedOn.push(reads!.label);
          return {
            usage: usageDecider.decide(
              { type: 'CountGoal', data: { tier: 'pro', goalId: randomUUID(), timeZone: 'UTC' }, metadata },
              states.usage,
            ),
          };
        },
        context: context({ userId: owner }),
        result: () => null,
      });
    };
    await countOne();
    await countOne();
    expect(snapshots).toBe(1);
    expect(decidedOn).toEqual([`${source}@0`, `${source}@0`]);
    const counted = async () =>
      (await eventStore.readStream(usageStream, {})).events.filter((event) => event.type === 'GoalCounted').length;
    expect(await counted()).toBe(2);
    const before = await versionOf(usageStream);

    // Another process changes the source: the kept read is refused in the append's message, and the command
    // decides again on what it reads now (not a version conflict: nothing else wrote the usage stream).
    const conflicts = handler.stats.conflicts;
    await eventStore.append(source, [{ type: 'GoalCreated', data: { title: 'Elsewhere' }, schemaVersion: 1 }], {
      metadata: { userId: owner },
    });
    await countOne();
    expect(snapshots).toBe(2);
    expect(decidedOn.slice(2)).toEqual([`${source}@0`, `${source}@1`]);
    expect(await versionOf(usageStream)).toBe(before + 1);
    expect(await counted()).toBe(3);
    expect(handler.stats.conflicts).toBe(conflicts);
  });
  it('keeps a command’s reads for the next one: not read again, checked by the append, read again once moved on', async () => {
    const handler = handlerWith();
    const goalId = await givenGoal();
    /** The stream the kept read came from (as a user's time zone comes from their user stream). */
    const source = streamIds.goal(randomUUID());
    let readsMade = 0;
    const decidedOn: string[] = [];
    const keptReads: KeptReadsSource<string> = {
      key: `test:${source}`,
      read: async (queryable) => {
        readsMade += 1;
        const version = (await eventStore.readStream(source, {}, queryable)).version;
        return { values: `${source}@${version}`, versions: [[source, version]] };
      },
    };
    const renameTo = (title: string) =>
      handler.execute({
        streams: { goal: goalStream(goalId) },
        keptReads,
        decide: (states, metadata, seen) => {
          decidedOn.push(seen);
          return { goal: goalDecider.decide(rename(title, metadata), states.goal) };
        },
        context: context(),
        result: () => null,
      });
    await renameTo('Swim a mile');
    await renameTo('Swim two miles');
    expect(readsMade).toBe(1);
    expect(decidedOn).toEqual([`${source}@0`, `${source}@0`]);

    const conflicts = handler.stats.conflicts;
    await eventStore.append(source, [{ type: 'GoalCreated', data: { title: 'Elsewhere' }, schemaVersion: 1 }], {
      metadata: { userId },
    });
    await renameTo('Swim three miles');
    expect(readsMade).toBe(2);
    expect(decidedOn.slice(2)).toEqual([`${source}@0`, `${source}@1`]);
    expect(handler.stats.conflicts).toBe(conflicts);
    expect((await eventStore.readStream(streamIds.goal(goalId), {})).events.at(-1)?.data).toEqual({
      changes: { title: 'Swim three miles' },
    });
  });
});
