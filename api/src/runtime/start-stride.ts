import { loadConfigOrExit } from '@stride/platform/config';
import { createLogger } from '@stride/platform/logger';
import { openDatabase } from '@stride/platform/postgres/open-database';
import { buildApp } from '../app';
import { createAppServices } from '../services/app-services';
import { attachExtensions } from './extensions';
import { startIdempotencyExpiry } from './idempotency-expiry';
import { onShutdown } from '@stride/platform/shutdown';
import { serveWebApp } from './static-web';

/**
 * 'all-in-one' (`npm start`): API, projections, web app, bus consumers and jobs in one process.
 * 'api' (`npm run start:api`): API, projections and web app; the pipeline runs in `npm run start:workers`.
 */
export type Role = 'all-in-one' | 'api';

export async function startStride(role: Role): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.LOG_LEVEL, name: role === 'api' ? 'stride-api' : 'stride' });
  logger.info({ role, modes: config.modes, dataDir: config.dataDir }, 'starting');

  const database = await openDatabase(config, { applicationName: `stride-${role}` });
  const services = createAppServices({ config, logger, pool: database.pool });
  const extensions = await attachExtensions(services, { role });
  await services.projections.start();
  const stopIdempotencyExpiry = startIdempotencyExpiry(services.idempotency, services.clock, logger);

  const app = await buildApp(services);
  const servesWeb = config.SERVE_WEB ? await serveWebApp(app) : false;
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`;

  onShutdown(logger, [
    ['http', () => app.close()],
    ['idempotency expiry', async () => stopIdempotencyExpiry()],
    ['extensions', () => extensions.stop()],
    ['projections', () => services.projections.stop()],
    ['database', () => database.close()],
  ]);
  const line = '─'.repeat(60);
  console.log(
    `\n${line}\n  Stride is running: ${url}\n` +
      (servesWeb ? '' : '  (web app not built: run `npm run build`; the API is at /api)\n') +
      `  database: ${config.modes.database}  bus: ${config.modes.bus}  queue: ${config.modes.queue}  analytics: ${config.modes.analytics}\n` +
      `  data: ${config.modes.database === 'embedded-pglite' ? config.dataDir : 'servers'}   stop: Ctrl+C\n${line}\n`,
  );
}
