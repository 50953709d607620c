import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@clickhouse/client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@stride/platform/embedded/free-port';
import { eventually as waitUntil } from '@stride/testing/eventually';
import { startStack, type Stack } from '@stride/testing/stack/stack';

/**
 * Issue 12's done-when, on the scale-out topology as `npm run start:stack` runs it: two API processes, one
 * workers process, the Kafka test broker and the ClickHouse stand-in, each its own process, against the local
 * PostgreSQL and Redis.
 */
const POSTGRES = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_DB = 11;
const today = new Date().toISOString().slice(0, 10);

/** As the shared `eventually`, with a whole stack's patience (processes start, the relay catches up). */
const eventually = <T>(check: () => Promise<T>, timeout = 60_000, interval = 500): Promise<T> =>
  waitUntil(check, timeout, interval);

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

async function call(base: string, method: string, route: string, token?: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function ok(answer: Promise<Answer>, status = 200): Promise<Record<string, unknown>> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`expected ${status}, got ${got}: ${JSON.stringify(body)}`);
  return body;
}

describe('the split topology (two APIs, one workers process, Kafka test broker, ClickHouse stand-in)', () => {
  let stack: Stack;
  let dir: string;
  const database = `stride_e2e_${Date.now().toString(36)}`;
  let api1: string;
  let api2: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'stride-stack-e2e-'));
    const admin = new pg.Client({ connectionString: POSTGRES });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    execFileSync('redis-cli', ['-n', String(REDIS_DB), 'flushdb']);
    const [a, b, w, k, c] = await Promise.all([1, 2, 3, 4, 5].map(() => findFreePort()));
    stack = await startStack({
      databaseUrl: Object.assign(new URL(POSTGRES), { pathname: `/${database}` }).href,
      redisUrl: `redis://127.0.0.1:6379/${REDIS_DB}`,
      dir,
      ports: { apis: [a!, b!], workersHealth: w!, kafka: k!, clickhouse: c! },
      env: {
        ADMIN_EMAILS: 'admin@example.com',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'info',
        WORKERS_HEARTBEAT_STALE_SECONDS: '10',
      },
    });
    [api1, api2] = stack.apiUrls;
  }, 900_000);

  afterAll(async () => {
    await stack?.stop();
    const admin = new pg.Client({ connectionString: POSTGRES });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  const signIn = async (base: string, email: string) => {
    const name = email.split('@')[0]!;
    const { token } = (await ok(call(base, 'POST', '/api/dev/sign-in', undefined, { email, name }))) as {
      token: string;
    };
    const user = await ok(call(base, 'POST', '/api/user/ensure-user-exists', token, { email, name }));
    return { token, userId: (user.user as { id: string } | undefined)?.id ?? (user.id as string) };
  };

  /** Domain events in PostgreSQL against distinct events and rows in ClickHouse. */
  const counts = async () => {
    const db = new pg.Client({ connectionString: Object.assign(new URL(POSTGRES), { pathname: `/${database}` }).href });
    await db.connect();
    const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM events');
    await db.end();
    const ch = createClient({ url: stack.clickhouseUrl, database: 'stride' });
    const result = await ch.query({
      query: 'SELECT uniqExact(event_id) AS events FROM domain_events',
      format: 'JSONEachRow',
    });
    const [row] = await result.json<{ events: string | number }>();
    await ch.close();
    return { log: Number(rows[0]!.n), analytics: Number(row?.events ?? 0) };
  };

  it('serves commands through either API and analytics through the other; health tells when the workers die; a restart catches up; an empty broker is survived', async () => {
    // Every process reports healthy, each API naming the workers' heartbeat and the relay's lag.
    const health = await eventually(() => ok(call(api1, 'GET', '/api/health')));
    expect(health).toMatchObject({
      status: 'ok',
      failing: [],
      components: { workers: { status: 'up' }, relay: { status: 'up', lag: expect.any(Number) } },
    });
    expect(await ok(call(stack.workersHealthUrl.replace('/health', ''), 'GET', '/health'))).toMatchObject({
      status: 'up',
    });

    const ada = await signIn(api1, 'ada@example.com');
    const admin = await signIn(api2, 'admin@example.com');

    // Commands through API 1, reads through API 2 (and the other way round).
    const created = (await ok(
      call(api1, 'POST', '/api/goals/create-simple', ada.token, { title: 'Run a 10k' }),
      201,
    )) as { goal: { id: string } };
    const goalId = created.goal.id;
    const { tasks } = (await ok(
      call(api2, 'POST', `/api/goals/${goalId}/tasks`, ada.token, {
        tasks: [{ title: 'Shoes' }, { title: 'Plan' }, { title: 'First run' }],
      }),
    )) as { tasks: { id: string }[] };
    await ok(call(api1, 'POST', `/api/goals/${goalId}/tasks/${tasks[0]!.id}/complete`, ada.token, {}));
    await ok(call(api2, 'POST', `/api/goals/${goalId}/tasks/${tasks[1]!.id}/complete`, ada.token, {}));
    const trackedAt = Date.now();
    const minutesAgo = (m: number) => new Date(trackedAt - m * 60_000).toISOString();
    const track = (base: string, event: string, timestamp: string, properties: Record<string, unknown> = {}) =>
      ok(
        call(base, 'POST', '/api/analytics/events', ada.token, {
          event,
          properties,
          context: { sessionId: 'browser-1', timestamp, path: '/daily' },
        }),
        202,
      );
    await track(api2, 'session_started', minutesAgo(12));
    await track(api1, 'session_ended', minutesAgo(0), { duration_seconds: 720 });

    const goalRow = await eventually(async () => {
      const row = await ok(call(api2, 'GET', `/api/goals/${goalId}`, ada.token));
      expect(row).toMatchObject({ id: goalId });
      return row;
    });
    expect(goalRow.title).toBe('Run a 10k');

    const dailyOf = (base: string) =>
      ok(
        call(base, 'GET', `/api/analytics/daily-metrics?userId=${ada.userId}&start=${today}&end=${today}`, admin.token),
      );
    await eventually(async () => {
      const daily = (await dailyOf(api2)) as { days: Record<string, unknown>[] };
      expect(daily.days[0]).toMatchObject({ goalsCreated: 1, tasksCreated: 3, tasksCompleted: 2, sessionDuration: 12 });
    }, 90_000);
    await eventually(async () => {
      const simple = await ok(call(api2, 'GET', '/api/analytics/user-metrics-simple', ada.token));
      expect(simple.taskCompletionRate).toBeCloseTo(2 / 3, 5);
    });
    expect(await ok(call(api1, 'GET', `/api/analytics/user-metrics?userId=${ada.userId}`, admin.token))).toMatchObject({
      userId: ada.userId,
    });
    expect(await ok(call(api1, 'POST', '/api/analytics/goal-metrics', ada.token, { goalId }))).toMatchObject({
      goalId,
      tasksTotal: 3,
      tasksCompleted: 2,
    });
    const funnel = (await ok(
      call(api1, 'GET', `/api/admin/analytics/funnel?start=${today}&end=${today}&steps=UserRegistered`, admin.token),
    )) as { total: { id: string; users: number }[] };
    expect(funnel.total[0]).toMatchObject({ id: 'step_1', users: 2 });

    // Kill the workers process: both APIs report 503 naming the workers within 30 s.
    await stack.workers.stop('SIGKILL');
    const killedAt = Date.now();
    const down = await eventually(
      async () => {
        const answer = await call(api1, 'GET', '/api/health');
        expect(answer.status).toBe(503);
        return answer.body;
      },
      30_000,
      500,
    );
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(down.failing).toContain('workers');
    expect((await call(api2, 'GET', '/api/health')).status).toBe(503);

    // Commands keep working meanwhile; their analytics wait in the log.
    await ok(call(api2, 'POST', `/api/goals/${goalId}/tasks/${tasks[2]!.id}/complete`, ada.token, {}));
    await ok(call(api1, 'POST', `/api/goals/${goalId}/tasks`, ada.token, { tasks: [{ title: 'Stretch' }] }));

    // A restart catches up: nothing lost, nothing doubled.
    await stack.startWorkers();
    await eventually(() => ok(call(api1, 'GET', '/api/health')), 60_000);
    await eventually(async () => {
      const daily = (await dailyOf(api1)) as { days: Record<string, unknown>[] };
      expect(daily.days[0]).toMatchObject({ goalsCreated: 1, tasksCreated: 4, tasksCompleted: 3, sessionDuration: 12 });
    }, 120_000);
    await eventually(async () => {
      const { log, analytics } = await counts();
      expect(analytics).toBe(log);
    });

    // The broker comes back empty (no persistent data): topics are ensured again, the relay publishes the log
    // again, the consumers collapse the repeats by event id, and new commands get through.
    await stack.restartBrokerEmpty();
    await eventually(
      () => ok(call(api2, 'POST', `/api/goals/${goalId}/tasks`, ada.token, { tasks: [{ title: 'Race' }] })),
      30_000,
    );
    await eventually(async () => {
      const daily = (await dailyOf(api2)) as { days: Record<string, unknown>[] };
      expect(daily.days[0]).toMatchObject({ goalsCreated: 1, tasksCreated: 5, tasksCompleted: 3, sessionDuration: 12 });
    }, 120_000);
    await eventually(async () => {
      const { log, analytics } = await counts();
      expect(analytics).toBe(log);
    });
    await eventually(() => ok(call(api1, 'GET', '/api/health')), 60_000);
    const workersHealth = await ok(call(stack.workersHealthUrl.replace('/health', ''), 'GET', '/health'));
    expect(JSON.stringify(workersHealth)).toMatch(/"republishes":[1-9]/);
  }, 600_000);
});
