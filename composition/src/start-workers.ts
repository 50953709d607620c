/**
 * `npm run start:workers`: the scale-out worker process. It runs the Kafka relay, the bus consumers, the
 * BullMQ workers and the repeatable jobs (nightly engagement scores, the expired-subscription check), and
 * serves GET /health on WORKERS_HEALTH_PORT (default 3001). SIGINT/SIGTERM stop it gracefully: consumers
 * stop, running jobs finish, every batch is flushed, then connections close.
 */
import { loadConfigOrExit } from '@stride/platform/config';
import { onShutdown } from '@stride/platform/shutdown';
import { startHealthServer } from '@stride/workers/health-server';
import { composeServices } from './compose-services';

const config = loadConfigOrExit();
const stride = await composeServices(config, 'workers', { projections: false });
const { logger } = stride.services;
if (config.modes.analytics === 'embedded-chdb') {
  logger.warn(
    'CLICKHOUSE_URL is not set: this process owns the chDB store under DATA_DIR, and no other process can read it',
  );
}
const healthPort = config.WORKERS_HEALTH_PORT;
const healthServer = await startHealthServer(() => stride.pipeline.health(), { host: config.HOST, port: healthPort });
logger.info({ healthPort }, 'workers running');

onShutdown(logger, [
  ['health', () => new Promise<void>((resolve) => healthServer.close(() => resolve()))],
  ['services', () => stride.stop()],
]);
