import { buildApp } from './app';
import { serveWebApp } from './static-web';
import type { Role } from '@stride/application/services';
import { loadConfigOrExit } from '@stride/platform/config';
import { onShutdown } from '@stride/platform/shutdown';
import { composeServices } from '@stride/composition/compose-services';
import { DataDirInUseError, exitUnlessSplitReady, lockDataDir } from '@stride/composition/process-guards';

/** A clock that starts at `start` now and runs on at the real pace (DEV_CLOCK_START). */
const runningFrom = (start: string): (() => Date) => {
  const offset = Date.parse(start) - Date.now();
  return () => new Date(Date.now() + offset);
};

/**
 * Starts an HTTP process: 'all-in-one' (`npm start`: API, projections, web app, bus consumers and jobs in
 * one process) or 'api' (`npm run start:api`: API, projections and web app; `npm run start:workers` works).
 */
export async function startStride(role: Extract<Role, 'all-in-one' | 'api'>): Promise<void> {
  const config = loadConfigOrExit();
  if (role === 'api') exitUnlessSplitReady(config, role);
  let releaseDataDir = () => {};
  if (role === 'all-in-one') {
    try {
      releaseDataDir = lockDataDir(config.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      console.error(error.message);
      process.exit(1);
    }
  }
  const stride = await composeServices(
    config,
    role,
    config.DEV_CLOCK_START ? { clock: runningFrom(config.DEV_CLOCK_START) } : {},
  );
  const { logger } = stride.services;

  const app = await buildApp(stride.services);
  const servesWeb = config.SERVE_WEB ? await serveWebApp(app) : false;
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`;

  onShutdown(logger, [
    ['http', () => app.close()],
    ['services', () => stride.stop()],
    ['data dir', async () => releaseDataDir()],
  ]);
  const line = '─'.repeat(60);
  console.log(
    `\n${line}\n  Stride is running: ${url}\n` +
      (servesWeb ? '' : '  (web app not built: run `npm run build`; the API is at /api)\n') +
      `  database: ${config.modes.database}  bus: ${config.modes.bus}  queue: ${config.modes.queue}  analytics: ${config.modes.analytics}\n` +
      `  data: ${config.modes.database === 'embedded-pglite' ? config.dataDir : 'servers'}   stop: Ctrl+C\n${line}\n`,
  );
}
