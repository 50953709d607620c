import { sharedChdbPath, uniqueName } from '@stride/testing/chdb';
import { createAnalyticsClient, type AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { loadConfig, type Config } from '@stride/platform/config';
import { PostgresEventStore } from '@stride/platform/event-store/event-store';
import { createLogger, type Logger } from '@stride/platform/logger';
import { createServerTestDatabase, type TestDatabase } from '@stride/testing/postgres';
import { testRedisUrl } from '@stride/testing/services';
import { startKafkaTestBroker, type KafkaTestBroker } from '@stride/testing/kafka-broker/kafka-test-broker';
import { BullMqJobQueues } from '@stride/platform/queue/bullmq-queues';
import type { Role } from '@stride/application/services';
import type { Pipeline } from '@stride/composition/compose-pipeline';
import { composeServices, type ComposeOptions, type Stride } from '@stride/composition/compose-services';

export type HarnessPipelineOptions = NonNullable<ComposeOptions['pipeline']> & { readonly role?: Role };

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
  /**
   * Composes a process of the role (default all-in-one) on the shared services, as production does, and
   * returns its pipeline (stopped by `cleanup` unless stopped before).
   */
  start(options?: HarnessPipelineOptions): Promise<Pipeline>;
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
  /** Each process's notification listener holds a connection of the pool until it stops. */
  const listeners: Array<Stride['services']['notifications']> = [];

  return {
    db,
    store,
    config,
    logger,
    broker,
    analytics,
    async start({ role = 'all-in-one', ...options } = {}) {
      const stride = await composeServices(config, role, {
        logger,
        database: { pool: db.pool, close: async () => {} },
        pipeline: {
          chdbPath: sharedChdbPath(),
          queuePrefix,
          kafka: { consumerConfig: FAST_KAFKA_CONSUMERS, partitions: 3 },
          tuning: { maxWaitMs: 100, derivedMaxWaitMs: 50, logPollIntervalMs: 50, leaseMs: 3_000, scoreDebounceMs: 100 },
          ...options,
        },
      });
      pipelines.push(stride.pipeline);
      listeners.push(stride.services.notifications);
      return stride.pipeline;
    },
    async cleanup() {
      // Every pipeline of a harness shares one key prefix: obliterating the last one's queues removes all.
      const last = pipelines.at(-1);
      if (last?.queues instanceof BullMqJobQueues) await last.queues.obliterate().catch(() => undefined);
      for (const pipeline of pipelines.reverse()) await pipeline.stop().catch(() => undefined);
      for (const listener of listeners) await listener?.stop();
      await analytics.command(`DROP DATABASE IF EXISTS ${database}`).catch(() => undefined);
      await analytics.close();
      await broker?.stop();
      await db.drop();
    },
  };
}

export { eventually } from '@stride/testing/eventually';
