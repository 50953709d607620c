/**
 * The database's limit for one-commit requests, for bench:api's ratioToDbLimit: single-row INSERT
 * transactions (autocommit) through `pg` at the benchmark's concurrency, like pgbench's one-insert script.
 */
import pg from 'pg';
import type { LoadResult } from './load-spec';

export async function measureDbLimit(databaseUrl: string, connections: number, seconds: number): Promise<LoadResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  await pool.query(`CREATE TABLE IF NOT EXISTS bench_db_limit (
    id bigserial PRIMARY KEY, user_id text NOT NULL, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await pool.query({
            name: 'bench_db_limit_insert',
            text: 'INSERT INTO bench_db_limit (user_id, payload) VALUES ($1, $2)',
            values: [`user-${worker}`, '{"title":"Bench goal","category":"work","priority":"high"}'],
          });
          latencies.push(performance.now() - t0);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  return {
    requestsPerSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    total: latencies.length,
    non2xx: 0,
    non2xxByStatus: {},
    errors,
    timeouts: 0,
  };
}
