/**
 * `npm run start:workers`: the scale-out worker process. It runs the Kafka relay, the bus consumers, the
 * BullMQ workers and the repeatable jobs (nightly engagement scores, the expired-subscription check), serves
 * GET /health on WORKERS_HEALTH_PORT (default 3001), and writes a heartbeat to PostgreSQL that the API
 * processes report as `workers` in /api/health. The health port is bound first, before any job is taken: a
 * port clash stops the process before it holds work. SIGINT/SIGTERM stop it gracefully: consumers stop,
 * running jobs finish, every batch is flushed, then connections close.
 */
import type { ComponentHealth } from '@stride/platform/bus/event-bus';
import { WorkerHeartbeat } from '@stride/platform/bus/worker-heartbeat';
import { loadConfigOrExit } from '@stride/platform/config';
import { createLogger } from '@stride/platform/logger';
import { onShutdown } from '@stride/platform/shutdown';
import { startHealthServer } from '@stride/workers/health-server';
import { composeServices, type Stride } from './compose-services';
import { exitUnlessSplitReady } from './process-guards';

const config = loadConfigOrExit();
exitUnlessSplitReady(config, 'workers');
const logger = createLogger({ level: config.LOG_LEVEL, name: 'stride-workers' });

let stride: Stride | null = null;
const health = async (): Promise<Record<string, ComponentHealth>> =>
  stride
    ? stride.pipeline.health()
    : { workers: { status: 'down', mode: 'starting', error: 'the workers process is starting' } };

const healthPort = config.WORKERS_HEALTH_PORT;
const healthServer = await startHealthServer(health, { host: config.HOST, port: healthPort }).catch((error: Error) => {
  logger.fatal({ err: error, healthPort }, 'cannot bind the workers health port (WORKERS_HEALTH_PORT)');
  process.exit(1);
});
stride = await composeServices(config, 'workers', { logger });
const composed = stride;

/** The beat carries this process's own verdict: down when the relay or a consumer is not running. */
const heartbeat = new WorkerHeartbeat({
  pool: composed.services.pool,
  logger,
  report: async () => {
    const components = await composed.pipeline.health();
    const statuses = Object.values(components).map((component) => component.status);
    const status = statuses.includes('down') ? 'down' : statuses.includes('degraded') ? 'degraded' : 'up';
    const failing = Object.entries(components)
      .filter(([, component]) => component.status !== 'up')
      .map(([name, component]) => `${name}: ${component.status}`);
    return { status, details: { failing } };
  },
});
await heartbeat.start();
logger.info({ healthPort, workerId: heartbeat.workerId }, 'workers running');

onShutdown(logger, [
  ['heartbeat', () => heartbeat.stop()],
  ['health', () => new Promise<void>((resolve) => healthServer.close(() => resolve()))],
  ['services', () => composed.stop()],
]);
