import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServerTestDatabase, type TestDatabase } from '@stride/testing/postgres';
import { PostgresEventStore } from '../event-store/event-store';
import type { StoredEvent } from '../event-store/types';
import { LogConsumer, type LogConsumerOptions } from './log-consumer';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('LogConsumer', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const consumers: LogConsumer[] = [];

  beforeEach(async () => {
    db = await createServerTestDatabase();
    store = new PostgresEventStore(db.pool);
  });
  afterEach(async () => {
    for (const consumer of consumers.splice(0)) await consumer.stop().catch(() => undefined);
    await db.drop();
  });

  const consumer = (options: Partial<LogConsumerOptions> & Pick<LogConsumerOptions, 'handle'>) => {
    const created = new LogConsumer(db.pool, store, {
      id: 'test-consumer',
      pollIntervalMs: 20,
      leaseMs: 600,
      batchSize: 10,
      ...options,
    });
    consumers.push(created);
    return created;
  };

  const appendEvents = async (count: number, stream = 'goal-1') => {
    let last = 0;
    for (let i = 0; i < count; i += 1) {
      const result = await store.append(stream, [{ type: 'Noted', data: { i }, schemaVersion: 1 }], {
        metadata: { userId: 'u1' },
      });
      last = result.lastPosition;
    }
    return last;
  };

  const dataOf = (events: readonly StoredEvent[]) => events.map((event) => (event.data as { i: number }).i);

  it('hands every event over once, in log order, and resumes from its checkpoint after a restart', async () => {
    const seen: number[] = [];
    const first = consumer({ handle: async (events) => void seen.push(...dataOf(events)) });
    await first.start();
    await first.waitFor(await appendEvents(25));
    await first.stop();
    const second = consumer({ handle: async (events) => void seen.push(...dataOf(events)) });
    await second.start();
    await second.waitFor(await appendEvents(5));
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => (i < 25 ? i : i - 25)));
  });

  it('reads the appends of its gather time as one batch, with one read', async () => {
    const batches: number[][] = [];
    // Polling too slow to matter: only the appends' pokes wake it.
    const c = consumer({
      gatherMs: 300,
      pollIntervalMs: 60_000,
      handle: async (events) => void batches.push(dataOf(events)),
    });
    const reads = vi.spyOn(store, 'readAll');
    await c.start();
    // Its first read (of nothing) done, it sleeps.
    await expect.poll(() => reads.mock.calls.length).toBe(1);
    await reads.mock.results[0]!.value;
    await appendEvents(5);
    await expect.poll(() => batches.flat(), { timeout: 5_000 }).toEqual([0, 1, 2, 3, 4]);
    expect(batches).toEqual([[0, 1, 2, 3, 4]]);
    await sleep(100);
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('retries a batch whose handler failed, without moving its checkpoint', async () => {
    const seen: number[] = [];
    let failures = 2;
    const c = consumer({
      handle: async (events) => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('store unavailable');
        }
        seen.push(...dataOf(events));
      },
    });
    await c.start();
    await c.waitFor(await appendEvents(3), 10_000);
    expect(seen).toEqual([0, 1, 2]);
  });

  it('lets one process at a time read, and hands over when the reader stops', async () => {
    const seenA: number[] = [];
    const seenB: number[] = [];
    const a = consumer({ handle: async (events) => void seenA.push(...dataOf(events)) });
    const b = consumer({ handle: async (events) => void seenB.push(...dataOf(events)) });
    await a.start();
    await a.waitFor(await appendEvents(5));
    await b.start();
    await sleep(200);
    expect(a.status().leader).toBe(true);
    expect(b.status().leader).toBe(false);
    await a.stop();
    await b.waitFor(await appendEvents(5), 10_000);
    expect(seenA).toEqual([0, 1, 2, 3, 4]);
    expect(seenB).toEqual([0, 1, 2, 3, 4]);
  });

  it('fences a reader that stalled past its lease: its checkpoint write fails and the new reader redoes the batch', async () => {
    const seenB: number[] = [];
    let release: () => void = () => undefined;
    let stalled = false;
    const a = consumer({
      handle: async () => {
        stalled = true;
        await new Promise<void>((resolve) => (release = resolve));
      },
    });
    await a.start();
    const last = await appendEvents(3);
    while (!stalled) await sleep(10);
    const b = consumer({ handle: async (events) => void seenB.push(...dataOf(events)) });
    await b.start();
    await b.waitFor(last, 10_000);
    release();
    await sleep(100);
    expect(seenB).toEqual([0, 1, 2]);
    expect(a.status()).toMatchObject({ leader: false, lastError: expect.stringContaining('lost its lease') });
    const { rows } = await db.pool.query<{ global_position: number; owner: string }>(
      'SELECT global_position, owner FROM bus_consumer_checkpoints WHERE consumer_id = $1',
      ['test-consumer'],
    );
    expect(rows[0]).toEqual({ global_position: last, owner: b.owner });
  });
});
