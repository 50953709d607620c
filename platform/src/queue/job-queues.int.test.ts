import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { redisProxy } from '@stride/testing/redis-proxy';
import { testRedisUrl } from '@stride/testing/services';
import { BullMqJobQueues } from './bullmq-queues';
import { InProcessJobQueues } from './in-process-queues';
import type { JobInfo, JobQueues, QueueDefinition } from './job-queues';

const definitions: QueueDefinition[] = [
  { name: 'work', concurrency: 2, attempts: 3, backoffMs: 50 },
  { name: 'single', concurrency: 1, attempts: 1, backoffMs: 50 },
];

/** A unique Redis key prefix per test: runs never see each other's jobs, and cleanup deletes them all. */
const prefixes: string[] = [];
const factories: Record<string, () => JobQueues> = {
  'in-process': () => new InProcessJobQueues(definitions),
  bullmq: () => {
    const prefix = `stride-test-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
    prefixes.push(prefix);
    return new BullMqJobQueues({ redisUrl: testRedisUrl(), definitions, prefix });
  },
};

async function deleteTestKeys(): Promise<void> {
  const redis = new Redis(testRedisUrl());
  try {
    for (const prefix of prefixes.splice(0)) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}

async function failedJobs(
  q: JobQueues,
  queue: string,
  count: number,
): Promise<Awaited<ReturnType<JobQueues['failed']>>> {
  for (let i = 0; i < 100; i += 1) {
    const failed = await q.failed(queue);
    if (failed.length >= count) return failed;
    await sleep(50);
  }
  return q.failed(queue);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(20);
  }
}

/** One suite, both implementations: the in-process runner and BullMQ on the real Redis. */
describe.each(Object.keys(factories))('job queues (%s)', (kind) => {
  let queues: JobQueues;
  afterEach(async () => {
    await queues.stop();
    await deleteTestKeys();
  });

  const create = () => {
    queues = factories[kind]!();
    return queues;
  };

  it('runs a job with its data on the processor registered for its name', async () => {
    const q = create();
    const seen: JobInfo[] = [];
    q.register('work', 'greet', async (job) => void seen.push(job));
    await q.start();
    await q.add('work', 'greet', { name: 'Ada' });
    await until(() => seen.length === 1);
    expect(seen[0]).toMatchObject({ queue: 'work', name: 'greet', data: { name: 'Ada' }, attempt: 1 });
  });

  it('keeps one waiting job per dedupe key', async () => {
    const q = create();
    const runs: unknown[] = [];
    q.register('single', 'recompute', async (job) => void runs.push(job.data));
    for (let i = 0; i < 5; i += 1) await q.add('single', 'recompute', { n: i }, { dedupeKey: 'user-1:2024-01-01' });
    await q.add('single', 'recompute', { other: true }, { dedupeKey: 'user-2:2024-01-01' });
    await q.start();
    await until(() => runs.length === 2);
    await sleep(300);
    expect(runs).toEqual([{ n: 0 }, { other: true }]);
  });

  it('runs a key once more after the running job when it is added during the run (latest data)', async () => {
    const q = create();
    const runs: unknown[] = [];
    let release: () => void = () => undefined;
    const firstRunning = new Promise<void>((resolve) => {
      q.register('single', 'recompute', async (job) => {
        runs.push(job.data);
        if (runs.length === 1) {
          resolve();
          await new Promise<void>((done) => (release = done));
        }
      });
    });
    await q.start();
    await q.add('single', 'recompute', { n: 1 }, { dedupeKey: 'k' });
    await firstRunning;
    await q.add('single', 'recompute', { n: 2 }, { dedupeKey: 'k' });
    await q.add('single', 'recompute', { n: 3 }, { dedupeKey: 'k' });
    await sleep(200);
    expect(runs).toEqual([{ n: 1 }]);
    release();
    await until(() => runs.length === 2);
    await sleep(300);
    expect(runs).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('retries a failing job with backoff, then keeps it as failed for inspection', async () => {
    const q = create();
    const attempts: { attempt: number; at: number }[] = [];
    q.register('work', 'flaky', async (job) => {
      attempts.push({ attempt: job.attempt, at: Date.now() });
      throw new Error(`boom ${job.attempt}`);
    });
    await q.start();
    await q.add('work', 'flaky', { id: 7 });
    await until(() => attempts.length === 3);
    const failed = await failedJobs(q, 'work', 1);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    // Exponential: the second retry waits about twice as long as the first.
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(90);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ name: 'flaky', data: { id: 7 }, attemptsMade: 3, failedReason: 'boom 3' });
  });

  it('fails a job nobody processes without retrying it', async () => {
    const q = create();
    q.register('single', 'known', async () => undefined);
    await q.start();
    await q.add('single', 'unknown-job', {});
    const failed = await failedJobs(q, 'single', 1);
    expect(failed[0]).toMatchObject({ name: 'unknown-job', attemptsMade: 1 });
  });

  it('runs repeatable jobs on their interval', async () => {
    const q = create();
    let runs = 0;
    q.register('work', 'tick', async () => void (runs += 1));
    await q.start();
    await q.schedule('work', 'ticker', 'tick', { every: 150 });
    await until(() => runs >= 3, 5_000);
  });

  it('waits for running jobs when it stops', async () => {
    const q = create();
    let finished = false;
    let started = false;
    q.register('work', 'slow', async () => {
      started = true;
      await sleep(300);
      finished = true;
    });
    await q.start();
    await q.add('work', 'slow', {});
    await until(() => started);
    await q.stop();
    expect(finished).toBe(true);
  });
});

describe('BullMQ queues when Redis stops answering', () => {
  it('stop lets go after its timeout instead of waiting on Redis forever', async () => {
    const proxy = await redisProxy();
    const prefix = `stride-test-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
    prefixes.push(prefix);
    const q = new BullMqJobQueues({ redisUrl: proxy.url, definitions, prefix, stopTimeoutMs: 300 });
    let started = false;
    q.register('work', 'slow', async () => {
      started = true;
      await sleep(60_000);
    });
    try {
      await q.start();
      await q.add('work', 'slow', {});
      await until(() => started);
      proxy.blackhole();
      // Without the bound this never settles (the worker waits for its job and Redis for ever).
      await expect(q.stop()).resolves.toBeUndefined();
    } finally {
      await proxy.close();
      await deleteTestKeys();
    }
  });
});
