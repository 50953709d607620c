/**
 * What the API benchmarks share: the configuration a benchmark runs with (production mode with dev sign-in,
 * a fresh master key, no rate limit), and the API composed over a test database through the composition
 * root. The CPU a process and the PostgreSQL server have used is read by @stride/testing/process-cpu.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { composeServices, type Stride } from '@stride/composition/compose-services';
import { loadConfig, type Config } from '@stride/platform/config';
import { createLogger, type Logger } from '@stride/platform/logger';
import type { Pool } from '@stride/platform/postgres/pool';
import { sharedChdbPath } from '@stride/testing/chdb';
import { buildApp } from '../src/app';

export function benchConfig(env: NodeJS.ProcessEnv): Config {
  return loadConfig({
    ...env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ENCRYPTION_MASTER_KEY: randomBytes(32).toString('base64'),
    ALLOW_DEV_MODE_IN_PRODUCTION: 'true',
    DEV_AUTH_SECRET: 'bench-secret-of-at-least-32-characters',
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
}

export const benchLogger = (config: Config): Logger => createLogger({ level: config.LOG_LEVEL, pretty: false });

/** The API role over a test database (`url` and `pool`), as `npm run start:api` composes it. */
export async function composeBenchApi(database: {
  readonly url: string;
  readonly pool: Pool;
}): Promise<{ config: Config; logger: Logger; stride: Stride; app: FastifyInstance }> {
  const config = benchConfig({ ...process.env, DATABASE_URL: database.url });
  const logger = benchLogger(config);
  const stride = await composeServices(config, 'api', {
    logger,
    database: { pool: database.pool, close: async () => {} },
    pipeline: { chdbPath: sharedChdbPath() },
  });
  const app = await buildApp(stride.services);
  return { config, logger, stride, app };
}
