/**
 * What the API benchmarks share: the configuration a benchmark runs with (production mode with dev sign-in,
 * a fresh master key, no rate limit), the API composed over a test database through the composition root,
 * and the CPU a process and the PostgreSQL server have used (a load-independent figure on a shared machine).
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
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

/** utime + stime (+ cutime + cstime: children ended and reaped) of a process, in ms (clock ticks of 10 ms). */
const processStat = (pid: number, withEndedChildren = false): { ms: number; parent: number } => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = [11, 12, ...(withEndedChildren ? [13, 14] : [])].reduce((sum, index) => sum + Number(fields[index]), 0);
  return { ms: ticks * 10, parent: Number(fields[1]) };
};

/** A process's CPU so far (ms, all its threads), from /proc. */
export const processCpuMs = (pid: number): number => processStat(pid).ms;

/**
 * The PostgreSQL server's processes' CPU so far (ms): the postmaster's own with that of the children it has
 * reaped, and each live child's.
 */
export interface ServerCpuReading {
  readonly postmaster: number;
  readonly children: ReadonlyMap<number, number>;
}

/** Reads the CPU of the PostgreSQL server on this machine (from /proc; on a shared server, others' work too). */
export async function serverCpuReading(pool: Pool): Promise<ServerCpuReading> {
  const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const postmaster = processStat(rows[0]!.pid).parent;
  const children = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const process = processStat(Number(entry));
      if (process.parent === postmaster) children.set(Number(entry), process.ms);
    } catch {
      // a process that ended while the list was read
    }
  }
  return { postmaster: processStat(postmaster, true).ms, children };
}

/**
 * The server's work between two readings (ms): every process it runs (backends of every database, WAL
 * writer, checkpointer), also those that started or ended in between. A child that ended is counted in
 * the postmaster's reaped children's time with all its life's CPU, so its CPU at the first reading is taken
 * off: only its work in between is counted (a backend of an earlier workload that ends now is not).
 */
export function serverCpuBetween(before: ServerCpuReading, after: ServerCpuReading): number {
  let ms = after.postmaster - before.postmaster;
  for (const [pid, cpu] of before.children) if (!after.children.has(pid)) ms -= cpu;
  for (const [pid, cpu] of after.children) ms += cpu - (before.children.get(pid) ?? 0);
  return ms;
}
