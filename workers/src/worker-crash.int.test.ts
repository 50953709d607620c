import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { utcDate } from '@stride/platform/clickhouse/params';
import { loadConfig } from '@stride/platform/config';
import { PostgresEventStore } from '@stride/platform/event-store/event-store';
import { startKafkaTestBroker, type KafkaTestBroker } from '@stride/testing/kafka-broker/kafka-test-broker';
import { createServerTestDatabase, type TestDatabase } from '@stride/testing/postgres';
import { runWorkload, workload } from '../test/crash-script';
import { uniqueName } from '@stride/testing/chdb';
import { eventually, type BusKind } from '../test/pipeline-harness';
import { spawnWorker, type WorkerChild } from '../test/worker-child';
import { selectDailyMetrics } from '@stride/application/analytics/queries/select-daily-metrics';

const DAY = 86_400_000;

/**
 * A worker process (relay, consumers, jobs) is SIGKILLed while events stream through it, and a new one
 * takes over. Whatever the crash interrupted (a produce without its checkpoint, a stored batch without its
 * offset commit, queued jobs) must end with every count exact: nothing lost, nothing counted twice.
 */
describe.each<BusKind>(['embedded', 'kafka'])('a worker killed mid-batch (%s bus)', (bus) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  // Two child processes start and a kill is waited out: slow on a busy 2-core machine, hence the longer timeout.
  it('is replaced by a new worker and every count ends exact', async () => {
    const db: TestDatabase = await createServerTestDatabase();
    cleanups.push(() => db.drop());
    let broker: KafkaTestBroker | null = null;
    if (bus === 'kafka') {
      broker = await startKafkaTestBroker({ defaultPartitions: 3 });
      cleanups.push(() => broker!.stop());
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stride-crash-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const database = uniqueName('crash');
    const env = {
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      CLICKHOUSE_DATABASE: database,
      KAFKA_BROKERS: broker ? broker.brokers.join(',') : '',
      REDIS_URL: '',
    };
    const children: WorkerChild[] = [];
    cleanups.push(async () => children.forEach((child) => child.kill('SIGKILL')));

    const now = Date.now();
    const load = workload(24, [utcDate(now - DAY), utcDate(now)]);
    const store = new PostgresEventStore(db.pool);
    const total = load.users.length * load.eventsPerUser;

    const first = spawnWorker(env);
    children.push(first);
    await first.ready;
    let appended = 0;
    let kill: { alive: boolean; delivered: boolean } | null = null;
    await runWorkload(store, load, () => {
      appended += 1;
      if (appended === Math.floor(total * 0.4) && !kill) {
        const alive = first.process.exitCode === null && first.process.signalCode === null;
        kill = { alive, delivered: first.kill('SIGKILL') };
      }
    });
    // The kill happened mid-workload, to a worker still running, and the signal is what ended it.
    expect(kill).toEqual({ alive: true, delivered: true });
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(first.metrics.size).toBeLessThan(load.expected.size);

    const second = spawnWorker(env);
    children.push(second);
    await second.ready;
    await eventually(
      async () => {
        for (const [key, expected] of load.expected)
          expect(second.metrics.get(key) ?? first.metrics.get(key)).toMatchObject(expected);
      },
      60_000,
      250,
    );
    second.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });

    const config = loadConfig({ DATA_DIR: dataDir, CLICKHOUSE_DATABASE: database });
    const analytics = await createAnalyticsClient(config);
    cleanups.push(() => analytics.close());
    const [raw] = await analytics.rows(
      'SELECT uniqExact(event_id) AS events, uniqExact(user_id) AS users FROM domain_events',
      {},
      z.object({ events: z.number(), users: z.number() }),
    );
    expect(raw).toEqual({ events: total, users: load.users.length });
    for (const user of load.users) {
      const days = await selectDailyMetrics(analytics, { userId: user, start: load.days[0], end: load.days[1] });
      expect(days.map((d) => [d.goalsCreated, d.tasksCreated, d.tasksCompleted, d.productivityScore])).toEqual([
        [1, 6, 5, 50],
        [0, 4, 3, 30],
      ]);
    }
  }, 240_000);
});
