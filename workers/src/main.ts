/**
 * `npm run start:workers`: the scale-out worker process. It runs the Kafka relay, the bus consumers, the
 * BullMQ workers and the repeatable jobs (nightly engagement scores, the expired-subscription check), and
 * serves GET /health on WORKERS_HEALTH_PORT (default 3001). SIGINT/SIGTERM stop it gracefully: consumers
 * stop, running jobs finish, every batch is flushed, then connections close.
 */
// The billing module's job (composition root: the only place workers reach into the API package).
import { createExpiredSubscriptionsJob } from '@stride/api/billing/check-expired-subscriptions';
import { onShutdown } from '@stride/platform/shutdown';
import { loadConfigOrExit } from '@stride/platform/config';
import { PostgresEventStore } from '@stride/platform/event-store/event-store';
import { createLogger } from '@stride/platform/logger';
import { openDatabase } from '@stride/platform/postgres/open-database';
import { startHealthServer } from './health-server';
import { expiredSubscriptionsJob } from './jobs/external-jobs';
import { startPipeline } from './pipeline';

const config = loadConfigOrExit();
const healthPort = config.WORKERS_HEALTH_PORT;

const logger = createLogger({ level: config.LOG_LEVEL, name: 'stride-workers' });
logger.info({ modes: config.modes }, 'starting workers');
if (config.modes.analytics === 'embedded-chdb') {
  logger.warn(
    'CLICKHOUSE_URL is not set: this process owns the chDB store under DATA_DIR, and no other process can read it',
  );
}

const database = await openDatabase(config, { applicationName: 'stride-workers' });
const eventStore = new PostgresEventStore(database.pool);
const checkExpiredSubscriptions = createExpiredSubscriptionsJob({
  pool: database.pool,
  eventStore,
  logger: logger.child({ component: 'billing-job' }),
  config,
});
const pipeline = await startPipeline(
  { config, logger, pool: database.pool, eventStore },
  { role: 'workers', jobs: [expiredSubscriptionsJob(checkExpiredSubscriptions)] },
);
const healthServer = await startHealthServer(() => pipeline.health(), { host: config.HOST, port: healthPort });
logger.info({ healthPort }, 'workers running');

onShutdown(logger, [
  ['health', () => new Promise<void>((resolve) => healthServer.close(() => resolve()))],
  ['pipeline', () => pipeline.stop()],
  ['database', () => database.close()],
]);
