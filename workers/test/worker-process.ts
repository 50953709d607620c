/**
 * A worker process for the fault tests: composed in the 'workers' role as `npm run start:workers` is, reading its settings from the
 * environment (DATABASE_URL, KAFKA_BROKERS, DATA_DIR, CLICKHOUSE_DATABASE, TEST_QUEUE_PREFIX). Prints
 * `{"ready":true}` once started and one JSON line per stored daily-metrics computation; SIGTERM stops it
 * gracefully (batches flushed), SIGKILL is the crash under test.
 */
import { loadConfig } from '@stride/platform/config';
import { createLogger } from '@stride/platform/logger';
import { createPool } from '@stride/platform/postgres/pool';
import { composeServices } from '@stride/composition/compose-services';
import { FAST_KAFKA_CONSUMERS } from './pipeline-harness';

const config = loadConfig();
const logger = createLogger({ level: config.LOG_LEVEL, pretty: false });
const pool = createPool(config.DATABASE_URL!, { max: 10 });
const stride = await composeServices(config, 'workers', {
  logger,
  database: { pool, close: () => pool.end() },
  pipeline: {
    queuePrefix: process.env.TEST_QUEUE_PREFIX,
    kafka: { consumerConfig: FAST_KAFKA_CONSUMERS, partitions: 3 },
    tuning: {
      maxWaitMs: 100,
      derivedMaxWaitMs: 50,
      logPollIntervalMs: 50,
      leaseMs: 2_000,
      scoreDebounceMs: 100,
      relayBatchSize: 50,
    },
    onDailyMetrics: (metrics) => process.stdout.write(`${JSON.stringify({ metrics })}\n`),
  },
});
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
process.once('SIGTERM', () => {
  void stride.stop().then(() => process.exit(0));
});
