/**
 * `npm run bench:pipeline`: the analytics pipeline on this machine, in one run.
 *   1. ingest: BENCH_USERS (10,000) users and BENCH_EVENTS (5,000,000) tracked events over 90 days, written
 *      into chDB through the real ingestion path (the InsertBatcher the tracked-event consumer uses,
 *      JSONEachRow batches of 50,000 with de-duplication tokens), plus each user's funnel events and first
 *      touch. Daily-metrics rows for every user-day (910,000) are generated inside ClickHouse with
 *      INSERT ... SELECT (labelled as such: they exist to give the dashboard query a realistic table).
 *   2. queries: the admin funnel over all events (default steps, 90 days, 7-day window, no FINAL), the
 *      attribution report, and one user's 90-day dashboard (daily metrics) and user metrics.
 *   3. lag: the pipeline as `npm start` runs it (bus and queue from the environment; embedded by default)
 *      under a steady BENCH_RATE (200) commands/s for BENCH_SECONDS (20): each command appends a
 *      TaskCompleted; its lag is the time from the append's commit to the moment a daily-metrics row that
 *      counts it is stored.
 * Progress goes to stderr; the last line on stdout is one JSON object with every figure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import cliProgress from 'cli-progress';
import { z } from 'zod';
import { eventRegistry } from '@stride/domain/event-catalogue';
import { streamIds } from '@stride/domain/stream-ids';
import { createAnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { migrateAnalytics } from '@stride/platform/clickhouse/migrations';
import { utcDate } from '@stride/platform/clickhouse/params';
import { loadConfig } from '@stride/platform/config';
import { PostgresEventStore } from '@stride/platform/event-store/event-store';
import { BullMqJobQueues } from '@stride/platform/queue/bullmq-queues';
import { createLogger } from '@stride/platform/logger';
import { createServerTestDatabase } from '@stride/testing/postgres';
import { percentile, round } from '../../platform/bench/bench-stats';
import { AnalyticsWriters } from '../src/ingest/analytics-writers';
import { composeServices } from '@stride/composition/compose-services';
import { attributionReport } from '@stride/application/analytics/reports/attribution-report';
import { dailyMetricsReport } from '@stride/application/analytics/reports/daily-metrics-report';
import { funnelReport } from '@stride/application/analytics/reports/funnel-report';
import { computeUserScore } from '@stride/application/analytics/compute-user-score';
import { benchUsers, funnelHistory, random, trackedEventChunks, type HistoryShape } from './history';

const DAY = 86_400_000;
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5_000_000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LAG_USERS = 200;
const CHUNK = 50_000;

const log = (message: string) => process.stderr.write(`${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed<T>(
  runs: number,
  run: (index: number) => Promise<T>,
): Promise<{ p50Ms: number; maxMs: number; last: T }> {
  const times: number[] = [];
  let last!: T;
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    last = await run(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: round(percentile(times, 50), 1), maxMs: round(times.at(-1) ?? 0, 1), last };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stride-bench-pipeline-'));
const database = await createServerTestDatabase({ poolSize: 20 });
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DATA_DIR: dataDir,
  DATABASE_URL: database.url,
  CLICKHOUSE_DATABASE: 'bench',
});
const logger = createLogger({ level: config.LOG_LEVEL, pretty: false });
const analytics = await createAnalyticsClient(config);
const result: Record<string, unknown> = {
  // Other work on the machine skews every figure: the load average says how much there was.
  machine: { cpus: os.cpus().length, loadAverage1mAtStart: round(os.loadavg()[0] ?? 0, 2) },
  modes: { ...config.modes, bench: 'fresh chDB directory and PostgreSQL database' },
};

try {
  await migrateAnalytics(analytics);
  const shape: HistoryShape = { users: USERS, trackedEvents: EVENTS, days: 90, endMs: Date.now() };
  const users = benchUsers(shape);

  // 1. Ingest through the real path.
  log(
    `ingesting ${EVENTS.toLocaleString()} tracked events of ${USERS.toLocaleString()} users over 90 days (batches of ${CHUNK.toLocaleString()})`,
  );
  const writers = new AnalyticsWriters(analytics, logger, { maxRows: CHUNK });
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      noTTYOutput: true,
      notTTYSchedule: 5_000,
      format: ' {bar} {percentage}% | {value}/{total} events | {rate} ev/s',
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(EVENTS, 0, { rate: 0 });
  const ingestStart = performance.now();
  let written = 0;
  let generationMs = 0;
  const inFlight: Promise<void>[] = [];
  const chunks = trackedEventChunks(shape, users, CHUNK);
  for (;;) {
    const t0 = performance.now();
    const next = chunks.next();
    generationMs += performance.now() - t0;
    if (next.done) break;
    const chunk = next.value;
    const stored = writers.trackedEvents.add(chunk).then(() => {
      written += chunk.length;
      bar.update(written, { rate: Math.round(written / ((performance.now() - ingestStart) / 1000)) });
    });
    inFlight.push(stored);
    if (inFlight.length >= 2) await inFlight.shift();
  }
  await Promise.all(inFlight);
  await writers.trackedEvents.flush();
  const ingestSeconds = (performance.now() - ingestStart) / 1000;
  bar.stop();
  const funnel = funnelHistory(users);
  await Promise.all([writers.domainEvents.add(funnel.domain), writers.attribution.add(funnel.attribution)]);
  await writers.close();
  result.ingest = {
    path: "InsertBatcher (the tracked-event consumer's writer) -> @clickhouse/client JSONCompactEachRow -> chDB",
    trackedEvents: EVENTS,
    users: USERS,
    seconds: round(ingestSeconds, 1),
    eventsPerSecond: Math.round(EVENTS / ingestSeconds),
    syntheticGenerationSeconds: round(generationMs / 1000, 1),
    eventsPerSecondExcludingGeneration: Math.round(EVENTS / (ingestSeconds - generationMs / 1000)),
    domainEvents: funnel.domain.length,
  };
  log(`ingest: ${JSON.stringify(result.ingest)}`);

  const bulkStart = performance.now();
  await analytics.command(
    `INSERT INTO daily_metrics
     SELECT concat('bench-user-', toString(number % {users:UInt32})) AS user_id,
            toDate({end:Date}) - intDiv(number, {users:UInt32}) AS date,
            rand(1) % 2, rand(2) % 2, rand(3) % 6, rand(4) % 6, rand(5) % 3, (rand(6) % 600) / 10, rand(7) % 101,
            toUnixTimestamp64Micro(now64(6)), now64(3)
     FROM numbers({rows:UInt64})`,
    { users: USERS, end: utcDate(shape.endMs), rows: USERS * 91 },
  );
  result.bulkGenerated = {
    path: 'INSERT ... SELECT inside ClickHouse (not the ingestion path)',
    dailyMetricsRows: USERS * 91,
    seconds: round((performance.now() - bulkStart) / 1000, 1),
  };

  // 2. Queries.
  const [counts] = await analytics.rows(
    'SELECT (SELECT count() FROM tracked_events) AS tracked, (SELECT count() FROM domain_events) AS domain',
    {},
    z.object({ tracked: z.number(), domain: z.number() }),
  );
  const start = utcDate(shape.endMs - 89 * DAY);
  const end = utcDate(shape.endMs);
  log(`querying over ${counts?.tracked.toLocaleString()} tracked and ${counts?.domain.toLocaleString()} domain events`);
  const funnelTimes = await timed(5, () =>
    funnelReport(analytics, { start, end, windowHours: 168, breakdown: 'none' }),
  );
  const funnelByChannel = await timed(3, () =>
    funnelReport(analytics, { start, end, windowHours: 168, breakdown: 'channel' }),
  );
  const attribution = await timed(5, () => attributionReport(analytics, { start, end }));
  const pick = random(9);
  const dashboard = await timed(20, () =>
    dailyMetricsReport(analytics, { userId: users[Math.floor(pick() * users.length)]!.id, start, end }),
  );
  const userMetrics = await timed(10, () =>
    computeUserScore(
      analytics,
      { userId: users[Math.floor(pick() * users.length)]!.id, timeZone: 'UTC' },
      new Date(`${end}T12:00:00Z`),
    ),
  );
  result.queries = {
    eventsScanned: (counts?.tracked ?? 0) + (counts?.domain ?? 0),
    funnelMs: funnelTimes.p50Ms,
    funnelMaxMs: funnelTimes.maxMs,
    funnelUsersEntered: funnelTimes.last.total[0]?.users,
    funnelByChannelMs: funnelByChannel.p50Ms,
    attributionMs: attribution.p50Ms,
    dashboard90DaysMs: dashboard.p50Ms,
    dashboard90DaysMaxMs: dashboard.maxMs,
    userMetricsMs: userMetrics.p50Ms,
  };
  log(`queries: ${JSON.stringify(result.queries)}`);

  // 3. Lag under steady load.
  const store = new PostgresEventStore(database.pool);
  const today = utcDate(Date.now());
  const pending = new Map<string, { expected: number; appendedAt: number }[]>();
  const lags: number[] = [];
  const stride = await composeServices(config, 'all-in-one', {
    logger,
    database: { pool: database.pool, close: async () => {} },
    pipeline: {
      analytics,
      queuePrefix: `stride-bench-${randomUUID().slice(0, 8)}`,
      onDailyMetrics: (metrics) => {
        const waiting = pending.get(metrics.userId);
        if (!waiting || metrics.date !== today) return;
        const now = performance.now();
        while (waiting.length > 0 && waiting[0]!.expected <= metrics.tasksCompleted)
          lags.push(now - waiting.shift()!.appendedAt);
      },
    },
  });
  const { pipeline } = stride;
  const tasksPerUser = Math.ceil((RATE * SECONDS) / LAG_USERS) + 1;
  const append = (userId: string, streamId: string, type: string, data: unknown) =>
    store.append(
      streamId,
      [
        {
          type,
          data: eventRegistry.validateForAppend({ type, data }).data,
          schemaVersion: eventRegistry.schemaVersionOf(type),
        },
      ],
      {
        metadata: { userId },
      },
    );
  log(`lag: preparing ${LAG_USERS} users with ${tasksPerUser} tasks each`);
  for (let u = 0; u < LAG_USERS; u += 1) {
    const userId = `lag-user-${u}`;
    const goalId = `lag-goal-${u}`;
    const now = new Date().toISOString();
    await append(userId, streamIds.goal(goalId), 'GoalCreated', {
      goalId,
      userId,
      title: 'Load',
      description: '',
      targetDate: null,
      createdAt: now,
      category: 'personal',
      priority: 'medium',
    });
    await append(userId, streamIds.goal(goalId), 'TasksBatchGenerated', {
      batchId: randomUUID(),
      source: 'manual',
      tasks: Array.from({ length: tasksPerUser }, (_, t) => ({
        taskId: `t${t}`,
        title: `Task ${t}`,
        estimatedMinutes: 15,
        energyLevel: 'low',
      })),
      aiMetadata: null,
      generatedAt: now,
    });
  }
  await sleep(3_000);
  log(`lag: ${RATE} commands/s for ${SECONDS} s`);
  const total = RATE * SECONDS;
  const loadStart = performance.now();
  const appends: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = loadStart + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const u = i % LAG_USERS;
    const userId = `lag-user-${u}`;
    const completed = Math.floor(i / LAG_USERS);
    appends.push(
      append(userId, streamIds.goal(`lag-goal-${u}`), 'TaskCompleted', {
        taskId: `t${completed}`,
        completedAt: new Date().toISOString(),
      }).then(() => {
        const waiting = pending.get(userId) ?? [];
        waiting.push({ expected: completed + 1, appendedAt: performance.now() });
        pending.set(userId, waiting);
      }),
    );
  }
  await Promise.all(appends);
  const achievedRate = total / ((performance.now() - loadStart) / 1000);
  const deadline = Date.now() + 30_000;
  while (lags.length < total && Date.now() < deadline) await sleep(100);
  // Leave nothing behind in a shared Redis.
  if (pipeline.queues instanceof BullMqJobQueues) await pipeline.queues.obliterate();
  // All of it, the pipeline and the process's notification listener (which holds a pooled connection:
  // stopping only the pipeline left the pool unable to end, and the run never printed its result).
  await stride.stop();
  const sorted = [...lags].sort((a, b) => a - b);
  result.lag = {
    bus: config.modes.bus,
    queue: config.modes.queue,
    commands: total,
    commandsPerSecond: round(achievedRate, 1),
    measured: lags.length,
    lost: total - lags.length,
    p50Ms: round(percentile(sorted, 50), 1),
    p99Ms: round(percentile(sorted, 99), 1),
    maxMs: round(sorted.at(-1) ?? 0, 1),
  };
  log(`lag: ${JSON.stringify(result.lag)}`);

  result.machine = { ...(result.machine as object), loadAverage1mAtEnd: round(os.loadavg()[0] ?? 0, 2) };
  result.targets = {
    ingestAtLeast50kPerSecond: (result.ingest as { eventsPerSecond: number }).eventsPerSecond >= 50_000,
    funnelUnder1s: funnelTimes.p50Ms < 1_000,
    dashboardUnder50ms: dashboard.p50Ms < 50,
    lagP99Under2s: (result.lag as { p99Ms: number }).p99Ms < 2_000,
  };
} finally {
  await analytics.close().catch(() => undefined);
  await database.drop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify(result));
