import { hostname } from 'node:os';
import type { Logger } from '../logger';
import type { Pool } from '../postgres/pool';
import type { ComponentHealth } from './event-bus';

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS worker_heartbeats (
  worker_id text PRIMARY KEY,
  beat_at timestamptz NOT NULL,
  status text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb
)`;

export interface WorkerHeartbeatOptions {
  readonly pool: Pool;
  readonly logger: Logger;
  /** What the beat carries: the process's own view of its relay and consumers. */
  readonly report: () => Promise<{ status: ComponentHealth['status']; details: Record<string, unknown> }>;
  readonly intervalMs?: number;
  readonly workerId?: string;
}

/**
 * The workers process's heartbeat: every few seconds it writes its id, the database's clock and its own
 * status into `worker_heartbeats`, so the API processes can tell a live workers process from a stopped or
 * crashed one (a beat older than WORKERS_HEARTBEAT_STALE_SECONDS). A graceful stop removes the row.
 */
export class WorkerHeartbeat {
  readonly workerId: string;
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> = Promise.resolve();

  constructor(private readonly options: WorkerHeartbeatOptions) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}`;
  }

  async start(): Promise<void> {
    await this.options.pool.query(CREATE_TABLE);
    await this.beat();
    this.timer = setInterval(() => {
      this.beating = this.beat().catch((error: unknown) =>
        this.options.logger.warn({ err: error }, 'workers heartbeat failed'),
      );
    }, this.options.intervalMs ?? 3_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    await this.options.pool
      .query('DELETE FROM worker_heartbeats WHERE worker_id = $1', [this.workerId])
      .catch(() => undefined);
  }

  private async beat(): Promise<void> {
    const { status, details } = await this.options.report();
    await this.options.pool.query(
      `INSERT INTO worker_heartbeats (worker_id, beat_at, status, details) VALUES ($1, now(), $2, $3)
       ON CONFLICT (worker_id) DO UPDATE SET beat_at = now(), status = $2, details = $3`,
      [this.workerId, status, JSON.stringify(details)],
    );
    // Rows of processes gone for a day are history, not workers.
    await this.options.pool.query(`DELETE FROM worker_heartbeats WHERE beat_at < now() - interval '1 day'`);
  }
}

export interface HeartbeatRow {
  readonly workerId: string;
  readonly ageSeconds: number;
  readonly status: string;
}

/**
 * The workers as their heartbeats show them: 'up' when at least one beat is younger than `staleSeconds` and
 * reports itself up, 'degraded' when the best live one reports trouble, 'down' when none is fresh (or every
 * fresh one reports itself down).
 */
export async function workersHealth(pool: Pool, staleSeconds: number): Promise<ComponentHealth> {
  let rows: HeartbeatRow[];
  try {
    const result = await pool.query<{ worker_id: string; age: number; status: string }>(
      `SELECT worker_id, EXTRACT(EPOCH FROM now() - beat_at)::float8 AS age, status
         FROM worker_heartbeats ORDER BY beat_at DESC LIMIT 20`,
    );
    rows = result.rows.map((row) => ({ workerId: row.worker_id, ageSeconds: row.age, status: row.status }));
  } catch (error) {
    if ((error as { code?: string }).code !== '42P01') throw error; // no workers process ever started
    rows = [];
  }
  const live = rows.filter((row) => row.ageSeconds <= staleSeconds);
  const status = live.some((row) => row.status === 'up')
    ? 'up'
    : live.some((row) => row.status === 'degraded')
      ? 'degraded'
      : 'down';
  return {
    status,
    mode: 'heartbeat',
    staleAfterSeconds: staleSeconds,
    live: live.length,
    ...(status === 'down' && {
      error:
        rows.length === 0
          ? 'no workers process has written a heartbeat'
          : live.length > 0
            ? 'the workers process reports its relay or a consumer down'
            : `no workers heartbeat for ${Math.round(rows[0]!.ageSeconds)} s (stale after ${staleSeconds} s)`,
    }),
    workers: rows.slice(0, 5).map((row) => ({ ...row, ageSeconds: Math.round(row.ageSeconds * 10) / 10 })),
  };
}
