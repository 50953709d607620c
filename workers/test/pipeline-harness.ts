import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createAnalyticsClient, type AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { loadConfig, type Config } from '@stride/platform/config';
import { PostgresEventStore } from '@stride/platform/event-store/event-store';
import { createLogger, type Logger } from '@stride/platform/logger';
import { createServerTestDatabase, type TestDatabase } from '@stride/testing/postgres';
import { testRedisUrl } from '@stride/testing/services';
import { startKafkaTestBroker, type KafkaTestBroker } from '@stride/testing/kafka-broker/kafka-test-broker';
import { BullMqJobQueues } from '@stride/platform/queue/bullmq-queues';
import { startPipeline, type Pipeline, type PipelineOptions } from '../src/pipeline';

/** One chDB directory per test process (chDB allows one live path per process); databases isolate tests. */
let chdbDir: string | null = null;
export function sharedChdbPath(): string {
  if (!chdbDir) {
    chdbDir = mkdtempSync(path.join(tmpdir(), 'stride-chdb-test-'));
    const dir = chdbDir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return chdbDir;
}

export const uniqueName = (prefix: string): string =>
  `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

export type BusKind = 'embedded' | 'kafka';
export type QueueKind = 'in-process' | 'bullmq';

/** Kafka consumers that rebalance quickly against the test broker. */
export const FAST_KAFKA_CONSUMERS = {
  sessionTimeout: 6_000,
  rebalanceTimeout: 3_000,
  heartbeatInterval: 200,
  maxWaitTimeInMs: 50,
  retry: { initialRetryTime: 50, maxRetryTime: 1_000, retries: 30 },
} as const;

export interface PipelineHarness {
  readonly db: TestDatabase;
  readonly store: PostgresEventStore;
  readonly config: Config;
  readonly logger: Logger;
  readonly broker: KafkaTestBroker | null;
  /** A client on the test's analytics database, for assertions. */
  readonly analytics: AnalyticsClient;
  /** Starts a pipeline process on the shared services (stopped by `cleanup` unless stopped before). */
  start(options?: PipelineOptions): Promise<Pipeline>;
  cleanup(): Promise<void>;
}

export async function createPipelineHarness(kinds: { bus: BusKind; queue?: QueueKind }): Promise<PipelineHarness> {
  const db = await createServerTestDatabase();
  const broker = kinds.bus === 'kafka' ? await startKafkaTestBroker({ defaultPartitions: 3 }) : null;
  const database = uniqueName('t');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: sharedChdbPath(),
    DATABASE_URL: db.url,
    CLICKHOUSE_DATABASE: database,
    CLICKHOUSE_MAX_MEMORY_BYTES: '2000000000',
    KAFKA_BROKERS: broker ? broker.brokers.join(',') : '',
    KAFKA_CLIENT_ID: 'stride-test',
    REDIS_URL: kinds.queue === 'bullmq' ? testRedisUrl() : '',
  });
  const logger = createLogger({ level: config.LOG_LEVEL, pretty: false });
  const store = new PostgresEventStore(db.pool);
  const analytics = await createAnalyticsClient(config, { chdbPath: sharedChdbPath() });
  const queuePrefix = uniqueName('stride-test');
  const pipelines: Pipeline[] = [];

  return {
    db,
    store,
    config,
    logger,
    broker,
    analytics,
    async start(options = {}) {
      const pipeline = await startPipeline(
        { config, logger, pool: db.pool, eventStore: store },
        {
          chdbPath: sharedChdbPath(),
          queuePrefix,
          kafka: { consumerConfig: FAST_KAFKA_CONSUMERS, partitions: 3 },
          tuning: { maxWaitMs: 100, derivedMaxWaitMs: 50, logPollIntervalMs: 50, leaseMs: 3_000, scoreDebounceMs: 100 },
          ...options,
        },
      );
      pipelines.push(pipeline);
      return pipeline;
    },
    async cleanup() {
      // Every pipeline of a harness shares one key prefix: obliterating the last one's queues removes all.
      const last = pipelines.at(-1);
      if (last?.queues instanceof BullMqJobQueues) await last.queues.obliterate().catch(() => undefined);
      for (const pipeline of pipelines.reverse()) await pipeline.stop().catch(() => undefined);
      await analytics.command(`DROP DATABASE IF EXISTS ${database}`).catch(() => undefined);
      await analytics.close();
      await broker?.stop();
      await db.drop();
    },
  };
}

/** Polls `check` until it stops throwing (an assertion) or the time runs out. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
