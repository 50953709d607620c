import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseFactories, type TestDatabase } from '@stride/testing/postgres';
import { withTransaction } from '../postgres/pool';
import { ExpectedVersionConflictError } from './errors';
import { checkpointOf, PostgresEventStore } from './event-store';
import { LOG_START, type LogCheckpoint, type NewEvent, type StoredEvent } from './types';

const meta = { userId: 'user-1' };
const ev = (type: string, data: unknown = {}): NewEvent => ({ type, data, schemaVersion: 1 });
const stream = (prefix = 'goal') => `${prefix}-${randomUUID()}`;

async function readWholeLog(store: PostgresEventStore, after: LogCheckpoint = LOG_START): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  let checkpoint = after;
  for (;;) {
    const page = await store.readAll({ after: checkpoint, limit: 100 });
    if (page.length === 0) return all;
    all.push(...page);
    checkpoint = checkpointOf(page.at(-1)!);
  }
}

async function waitUntilVisible(store: PostgresEventStore, after: LogCheckpoint, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await store.readAll({ after, limit: count })).length < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} events became visible`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// The same contract runs against the PostgreSQL server (a fresh database per run) and against PGlite.
describe.each(['postgres', 'pglite'] as const)('event store contract on %s', (kind) => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await testDatabaseFactories[kind]();
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => db?.drop());

  it('appends to a new stream and reads it back in order with metadata', async () => {
    const id = stream();
    const result = await store.append(id, [ev('GoalCreated', { title: 'Run' }), ev('GoalUpdated', { n: 2 })], {
      expectedVersion: 'no_stream',
      metadata: { userId: 'u-42', correlationId: 'corr-1', causationId: 'cause-1' },
      now: new Date('2026-11-21T10:00:00Z'),
    });
    expect(result).toMatchObject({ appended: true, streamId: id, nextExpectedVersion: 2 });
    expect(result.lastPosition).toBe(result.firstPosition + 1);

    const read = await store.readStream(id);
    expect(read.version).toBe(2);
    expect(read.events.map((e) => [e.type, e.streamVersion, e.data])).toEqual([
      ['GoalCreated', 1, { title: 'Run' }],
      ['GoalUpdated', 2, { n: 2 }],
    ]);
    expect(read.events[0]!.metadata).toMatchObject({
      userId: 'u-42',
      correlationId: 'corr-1',
      causationId: 'cause-1',
      schemaVersion: 1,
      recordedAt: '2026-11-21T10:00:00.000Z',
    });
    expect(read.events[0]!.eventId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects a wrong expected version with a typed conflict, writes nothing and burns no position', async () => {
    const id = stream();
    const first = await store.append(id, [ev('A')], { expectedVersion: 'no_stream', metadata: meta });
    await expect(store.append(id, [ev('B')], { expectedVersion: 0, metadata: meta })).rejects.toMatchObject({
      name: 'ExpectedVersionConflictError',
      streamId: id,
      actual: 1,
    });
    await expect(store.append(id, [ev('B')], { expectedVersion: 'no_stream', metadata: meta })).rejects.toBeInstanceOf(
      ExpectedVersionConflictError,
    );
    const other = stream();
    const next = await store.append(other, [ev('C')], { metadata: meta });
    expect(next.firstPosition).toBe(first.lastPosition + 1);
    expect((await store.readStream(id)).version).toBe(1);
  });

  it("implements 'stream must exist' and 'any' as real checks", async () => {
    const id = stream();
    await expect(
      store.append(id, [ev('A')], { expectedVersion: 'stream_exists', metadata: meta }),
    ).rejects.toBeInstanceOf(ExpectedVersionConflictError);
    expect(await store.streamVersion(id)).toBe(0);
    await store.append(id, [ev('A')], { expectedVersion: 'any', metadata: meta });
    const r = await store.append(id, [ev('B')], { expectedVersion: 'stream_exists', metadata: meta });
    expect(r.nextExpectedVersion).toBe(2);
  });

  it('treats appending the same event ids again as a no-op that returns the original result', async () => {
    const id = stream();
    const events = [
      { ...ev('A'), eventId: randomUUID() },
      { ...ev('B'), eventId: randomUUID() },
    ];
    const first = await store.append(id, events, { expectedVersion: 'no_stream', metadata: meta });
    const retry = await store.append(id, events, { expectedVersion: 'no_stream', metadata: meta });
    expect(retry).toEqual({ ...first, appended: false });
    expect((await store.readStream(id)).events).toHaveLength(2);
  });

  it('treats the same idempotency key as the same events', async () => {
    const id = stream();
    const options = { metadata: { userId: 'u-7', idempotencyKey: 'key-123' } };
    const first = await store.append(id, [ev('A'), ev('B')], options);
    const retry = await store.append(id, [ev('A'), ev('B')], options);
    expect(retry.appended).toBe(false);
    expect(retry.lastPosition).toBe(first.lastPosition);
    const otherUser = await store.append(id, [ev('A')], { metadata: { userId: 'u-8', idempotencyKey: 'key-123' } });
    expect(otherUser.appended).toBe(true);
  });

  it('refuses a batch of which only some event ids are stored', async () => {
    const id = stream();
    const known = randomUUID();
    await store.append(id, [{ ...ev('A'), eventId: known }], { metadata: meta });
    await expect(store.append(id, [{ ...ev('A'), eventId: known }, ev('B')], { metadata: meta })).rejects.toThrow(
      /not all of these event ids/,
    );
  });

  it('appends to several streams atomically: a conflict on one writes nothing to any', async () => {
    const a = stream();
    const b = stream();
    await store.append(b, [ev('B1')], { metadata: meta });
    await expect(
      store.appendToStreams(
        [
          { streamId: a, events: [ev('A1')], expectedVersion: 'no_stream' },
          { streamId: b, events: [ev('B2')], expectedVersion: 0 },
        ],
        { metadata: meta },
      ),
    ).rejects.toBeInstanceOf(ExpectedVersionConflictError);
    expect(await store.streamVersion(a)).toBe(0);
    const ok = await store.appendToStreams(
      [
        { streamId: a, events: [ev('A1')], expectedVersion: 'no_stream' },
        { streamId: b, events: [ev('B2')], expectedVersion: 1 },
      ],
      { metadata: meta },
    );
    expect(ok.map((r) => r.nextExpectedVersion)).toEqual([1, 2]);
    expect(ok[0]!.transactionId).toBe(ok[1]!.transactionId);
  });

  it('reads the global log in pages after a checkpoint without repeats', async () => {
    // Start after every committed event: on a shared server another session's open transaction can hold
    // earlier tests' events back from gap-safe readers, and they would then show up in the pages below.
    const { rows } = await db.pool.query<{ total: number }>('SELECT count(*)::int AS total FROM events');
    await waitUntilVisible(store, LOG_START, rows[0]!.total);
    const before = await readWholeLog(store);
    const start = before.length ? checkpointOf(before.at(-1)!) : LOG_START;
    const ids = Array.from({ length: 5 }, () => stream('usage'));
    for (const id of ids) await store.append(id, [ev('X'), ev('Y')], { metadata: meta });
    // Gap-safe reads wait for every older transaction on the server (any database) to finish.
    await waitUntilVisible(store, start, 10);
    const page1 = await store.readAll({ after: start, limit: 4 });
    const page2 = await store.readAll({ after: checkpointOf(page1.at(-1)!), limit: 100 });
    expect(page1).toHaveLength(4);
    expect(page2).toHaveLength(6);
    expect(new Set([...page1, ...page2].map((e) => e.eventId)).size).toBe(10);
  });

  it('refuses an append that is not the first write of its transaction (it would break stream order)', async () => {
    await expect(
      withTransaction(db.pool, async (client) => {
        await store.appendInTransaction(client, [{ streamId: stream(), events: [ev('A')] }], { metadata: meta });
        await store.appendInTransaction(client, [{ streamId: stream(), events: [ev('B')] }], { metadata: meta });
      }),
    ).rejects.toMatchObject({ name: 'AppendOrderError' });
  });

  it("reads a user's audit trail through the streams they own", async () => {
    const owner = `owner-${randomUUID()}`;
    const mine = stream();
    await store.append(mine, [ev('GoalCreated')], { metadata: { userId: owner } });
    await store.append(mine, [ev('SubscriptionChanged')], { metadata: { userId: 'system:stripe' } });
    await store.append(stream(), [ev('GoalCreated')], { metadata: { userId: 'someone-else' } });
    const trail = await store.readByOwner(owner);
    expect(trail.map((e) => [e.streamId, e.type])).toEqual([
      [mine, 'GoalCreated'],
      [mine, 'SubscriptionChanged'],
    ]);
    expect(await store.streamOwner(mine)).toBe(owner);
  });

  it('recognises a retried batch even when its expected version no longer holds', async () => {
    const id = stream();
    const events = [{ ...ev('A'), eventId: randomUUID() }];
    const first = await store.append(id, events, { expectedVersion: 0, metadata: meta });
    await store.append(id, [ev('B')], { expectedVersion: 1, metadata: meta });
    const retry = await store.append(id, events, { expectedVersion: 0, metadata: meta });
    expect(retry).toEqual({ ...first, appended: false, nextExpectedVersion: 1 });
  });

  it('rebuilds a stream up to a position (for audits)', async () => {
    const id = stream();
    const r1 = await store.append(id, [ev('A')], { metadata: meta });
    await store.append(id, [ev('B')], { metadata: meta });
    const upTo = await store.readStream(id, { toPosition: r1.lastPosition });
    expect(upTo.events.map((e) => e.type)).toEqual(['A']);
  });

  it('gap test: concurrent writers with slow transactions and a live reader; every event read exactly once, streams in order', async () => {
    const start = await readWholeLog(store).then((all) => (all.length ? checkpointOf(all.at(-1)!) : LOG_START));
    const writers = 8;
    const perWriter = 12;
    const seen: StoredEvent[] = [];
    let checkpoint = start;
    let writing = true;
    const reader = (async () => {
      while (writing || (await store.readAll({ after: checkpoint, limit: 1 })).length > 0) {
        const page = await store.readAll({ after: checkpoint, limit: 7 });
        if (page.length) {
          seen.push(...page);
          checkpoint = checkpointOf(page.at(-1)!);
        } else {
          await new Promise((r) => setTimeout(r, 3));
        }
      }
    })();
    const shared = stream('collection');
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < perWriter; i += 1) {
          const delay = (w * 7 + i * 13) % 11;
          await withTransaction(db.pool, async (client) => {
            // Take positions early, hold the transaction open, commit late: the classic gap.
            const appends = [{ streamId: `${shared}-${w}`, events: [ev('W', { w, i })] }];
            if (i % 3 === 0) appends.push({ streamId: shared, events: [ev('S', { w, i })] });
            await store.appendInTransaction(client, appends, { metadata: meta });
            await new Promise((r) => setTimeout(r, delay));
          });
        }
      }),
    );
    writing = false;
    await reader;
    const mine = seen.filter((e) => e.streamId.startsWith(shared));
    const expected = writers * perWriter + writers * Math.ceil(perWriter / 3);
    expect(mine).toHaveLength(expected);
    expect(new Set(mine.map((e) => e.eventId)).size).toBe(expected);
    const sharedVersions = mine.filter((e) => e.streamId === shared).map((e) => e.streamVersion);
    expect(sharedVersions).toEqual([...sharedVersions].sort((a, b) => a - b));
  });
});

describe('log order across a change in the digit count of transaction ids (fresh PGlite: ids start in the hundreds)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await testDatabaseFactories.pglite();
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => db?.drop());

  it('orders by transaction id as a number, not as text', async () => {
    const { rows } = await db.pool.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
    const start = BigInt(rows[0]!.xid);
    const nextPowerOfTen = 10n ** BigInt(start.toString().length);
    expect(nextPowerOfTen - start).toBeLessThan(5_000n);
    for (let xid = start; xid <= nextPowerOfTen; xid += 1n) {
      await store.append(stream('usage'), [ev('Tick')], { metadata: meta });
    }
    const xids = (await readWholeLog(store)).map((e) => BigInt(e.transactionId));
    expect(xids[0]! < nextPowerOfTen && xids.at(-1)! >= nextPowerOfTen).toBe(true);
    expect(xids).toEqual([...xids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe('gap test with a deterministic interleaving (PostgreSQL server: PGlite serializes transactions)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await testDatabaseFactories.postgres();
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => db?.drop());

  it('does not step past an event that commits later with a lower position', async () => {
    const slow = await db.pool.connect();
    try {
      await slow.query('BEGIN');
      const [lower] = await store.appendInTransaction(slow, [{ streamId: stream(), events: [ev('Slow')] }], {
        metadata: meta,
      });
      const higher = await store.append(stream(), [ev('Fast')], { metadata: meta });
      expect(higher.firstPosition).toBeGreaterThan(lower!.lastPosition);

      // A naive reader by position would now see 'Fast' and checkpoint past 'Slow'. Ours waits.
      const whileOpen = await store.readAll({ after: LOG_START });
      expect(whileOpen.map((e) => e.type)).not.toContain('Fast');
      expect(whileOpen.map((e) => e.type)).not.toContain('Slow');
      const checkpoint = whileOpen.length ? checkpointOf(whileOpen.at(-1)!) : LOG_START;

      await slow.query('COMMIT');
      const after = await store.readAll({ after: checkpoint });
      expect(after.map((e) => e.type)).toEqual(['Slow', 'Fast']);
    } finally {
      slow.release();
    }
  });
});
