import pg from 'pg';

// int8 (bigint) columns hold log positions and counts: parse them as numbers (safe below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/**
 * Pools whose connections all reach one backend (PGlite behind pglite-socket). Named prepared statements
 * live in a backend, so on such a pool a second connection preparing the same name would fail.
 */
const sharedBackendPools = new WeakSet<pg.Pool>();

export const sharesOneBackend = (pool: pg.Pool): boolean => sharedBackendPools.has(pool);

export function createPool(
  connectionString: string,
  options: { max?: number; applicationName?: string; sharedBackend?: boolean } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'stride',
    // A transaction left open stalls every gap-safe reader of the log: never let one idle for long.
    idle_in_transaction_session_timeout: 30_000,
  });
  if (options.sharedBackend) sharedBackendPools.add(pool);
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Query errors reach their callers.
  });
  return pool;
}

/** Runs `work` in a transaction on one client; commits on success, rolls back on any error. */
export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
