import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '@stride/platform/embedded/free-port';
import { serverBundleArgs } from './server-bundles';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface ProductProcess {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  readonly pid: number;
  /** Everything the process printed so far (for failure messages). */
  output(): string;
  /** SIGTERM, then waits for a clean exit (SIGKILL after `timeoutMs`). Resolves with the exit code. */
  stop(timeoutMs?: number): Promise<number | null>;
}

/**
 * Starts the product exactly as `npm start` does (dist/main.mjs, embedded defaults unless `env` says
 * otherwise) on a free port and a data directory, and waits until /api/health answers (asking every
 * `pollMs`). `from: 'sources'` runs api/src/main.ts under tsx instead (bench:startup's peer).
 */
export async function startProduct(
  options: {
    dataDir?: string;
    env?: Readonly<Record<string, string>>;
    timeoutMs?: number;
    from?: 'bundle' | 'sources';
    pollMs?: number;
  } = {},
): Promise<ProductProcess> {
  const port = await findFreePort();
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'stride-product-')));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const args = options.from === 'sources' ? ['--import', 'tsx', 'api/src/main.ts'] : serverBundleArgs('main');
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      KAFKA_BROKERS: '',
      CLICKHOUSE_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      AI_API_URL: '',
      AI_API_KEY: '',
      AI_MODEL: '',
      PUBLIC_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const until = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the product exited (${child.exitCode}) before it was healthy:\n${log}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.status === 200)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the product did not become healthy in time:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
  }

  return {
    url,
    port,
    dataDir,
    pid: child.pid!,
    output: () => log,
    async stop(timeoutMs = 20_000) {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
