import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkerHeartbeat } from '@stride/platform/bus/worker-heartbeat';
import { createLogger } from '@stride/platform/logger';
import { uniqueName } from '@stride/testing/chdb';
import { redisProxy, type RedisProxy } from '@stride/testing/redis-proxy';
import { createGoal, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';

describe('GET /api/health', () => {
  let t: TestApp | undefined;
  let proxy: RedisProxy | undefined;
  afterEach(async () => {
    // Redis back first, so the queues can close (BullMQ waits on Redis to stop).
    proxy?.restore();
    await t?.close();
    await proxy?.close();
    t = undefined;
    proxy = undefined;
  });

  it('answers in time during a Redis outage, naming the queue, while commands keep working', async () => {
    proxy = await redisProxy();
    t = await startTestApp({
      env: { REDIS_URL: proxy.url, HEALTH_CHECK_TIMEOUT_MS: '500' },
      pipeline: { queuePrefix: uniqueName('health') },
    });
    const ada = await registeredUser(t, 'ada@example.com');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    proxy.blackhole();
    const started = Date.now();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({
      status: 'down',
      failing: ['queues'],
      components: {
        queues: { status: 'down', mode: 'bullmq', error: 'queues: no answer within 500 ms' },
        database: { status: 'up' },
      },
    });
    // Commands do not need the queue: they keep working.
    const { goal } = await createGoal(ada, { title: 'Still works' });
    expect((await ada.get(`/api/goals/${goal.id}`)).statusCode).toBe(200);
  });

  it("in an API process, reports the workers' heartbeat: down without one, up while fresh, down once stale", async () => {
    t = await startTestApp({ role: 'api', env: { WORKERS_HEARTBEAT_STALE_SECONDS: '2' } });
    const health = async () => {
      const response = await t!.app.inject({ method: 'GET', url: '/api/health' });
      return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
    };
    const none = await health();
    expect(none.status).toBe(503);
    expect(none.body).toMatchObject({
      failing: ['workers'],
      components: { workers: { status: 'down', error: 'no workers process has written a heartbeat' } },
    });

    const heartbeat = new WorkerHeartbeat({
      pool: t.services.pool,
      logger: createLogger({ level: 'silent' }),
      report: async () => ({ status: 'up', details: {} }),
      intervalMs: 60_000,
      workerId: 'test-worker',
    });
    await heartbeat.start();
    const live = await health();
    expect(live.body).toMatchObject({ failing: [], components: { workers: { status: 'up', live: 1 } } });

    // No beat for longer than WORKERS_HEARTBEAT_STALE_SECONDS: down, naming the age.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const stale = await health();
    expect(stale.status).toBe(503);
    expect(stale.body).toMatchObject({
      failing: ['workers'],
      components: { workers: { status: 'down', error: expect.stringMatching(/^no workers heartbeat for \d+ s/) } },
    });
    await heartbeat.stop();
  });

  it('reports the notification listener degraded while its connection is lost, and up once it listens again', async () => {
    t = await startTestApp();
    const health = async () => {
      const response = await t!.app.inject({ method: 'GET', url: '/api/health' });
      return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
    };
    expect((await health()).body).toMatchObject({
      components: {
        notifications: { status: 'up', mode: 'listen', channels: ['stride_read_models', 'stride_key_erasures'] },
      },
    });

    await t.services.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    // Commands work on without it: degraded (200), not down.
    await vi.waitFor(async () => {
      const lost = await health();
      expect(lost.status).toBe(200);
      expect(lost.body).toMatchObject({
        status: 'degraded',
        failing: [],
        components: { notifications: { status: 'degraded', error: expect.stringMatching(/not listening/) } },
      });
    });
    await vi.waitFor(
      async () => expect((await health()).body).toMatchObject({ components: { notifications: { status: 'up' } } }),
      { timeout: 5_000, interval: 50 },
    );
  });
});
