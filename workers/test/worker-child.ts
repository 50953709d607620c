import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { DailyMetrics } from '@stride/domain/analytics/daily-metrics';

const script = fileURLToPath(new URL('./worker-process.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface WorkerChild {
  readonly process: ChildProcess;
  /** Resolves once the pipeline in the child has started. */
  readonly ready: Promise<void>;
  /** The latest daily metrics the child stored, by `${userId} ${date}`. */
  readonly metrics: Map<string, DailyMetrics>;
  /** How the child ended: its exit code, or the signal that killed it (the other is null). */
  readonly exited: Promise<WorkerExit>;
  /** Sends the signal; false when it could not be delivered (the child had already exited). */
  kill(signal: NodeJS.Signals): boolean;
}

export interface WorkerExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** Runs test/worker-process.ts in its own Node process (so it can be SIGKILLed like a crashed worker). */
export function spawnWorker(env: Record<string, string>): WorkerChild {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const metrics = new Map<string, DailyMetrics>();
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let message: { ready?: boolean; metrics?: DailyMetrics };
    try {
      message = JSON.parse(line) as typeof message;
    } catch {
      return;
    }
    if (message.ready) markReady();
    if (message.metrics) metrics.set(`${message.metrics.userId} ${message.metrics.date}`, message.metrics);
  });
  const exited = new Promise<WorkerExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    process: child,
    ready: Promise.race([
      ready,
      exited.then(({ code, signal }) => Promise.reject(new Error(`worker exited early (${signal ?? code})`))),
    ]),
    metrics,
    exited,
    kill: (signal) => child.kill(signal),
  };
}
