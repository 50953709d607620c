import { createHash } from 'node:crypto';
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
/**
 * The connections of such pools, numbered: there each connection prepares its statements under names of
 * its own (the backend is one session, so the same name from two connections would collide).
 */
const sharedBackendClients = new WeakMap<object, number>();
let sharedBackendClientCount = 0;

export const sharesOneBackend = (pool: pg.Pool): boolean => sharedBackendPools.has(pool);

/** A connection's number on a pool whose connections share one backend (undefined elsewhere). */
export const clientNumberOf = (client: object): number | undefined => sharedBackendClients.get(client);

const statementNames = new Map<string, string>();

/** A statement's name, from its text (cached): the same text always has the same name, a different one never. */
export const statementNameOf = (text: string): string => {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `stride_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    // Texts are a fixed set (no values in them); a bound keeps a mistake from growing the map for ever.
    if (statementNames.size < 10_000) statementNames.set(text, name);
  }
  return name;
};

/**
 * Runs a statement as a named prepared statement (parsed and planned once per connection, then only bound
 * and executed), named by its text: the same text always has the same name, a different one never does.
 * Where every connection shares one backend (PGlite), each connection's names carry its number, and a
 * statement run on such a pool takes a connection first to know it. For hot statements of a fixed shape
 * (their text must not embed values).
 */
export async function preparedQuery<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  db: Queryable,
  text: string,
  values: readonly unknown[],
): Promise<pg.QueryResult<Row>> {
  const name = statementNameOf(text);
  if (sharedBackendPools.has(db as pg.Pool)) {
    const client = await (db as pg.Pool).connect();
    try {
      return await client.query<Row>({
        name: `${name}_${sharedBackendClients.get(client)}`,
        text,
        values: [...values],
      });
    } finally {
      client.release();
    }
  }
  const number = sharedBackendClients.get(db);
  return db.query<Row>({ name: number === undefined ? name : `${name}_${number}`, text, values: [...values] });
}

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
    // Every named prepared statement of ours is a fixed-shape statement by key, so one plan per connection
    // serves every call. Left to `auto`, PostgreSQL planned some of them on every call: for `key = ANY($1)`
    // the plan made for the values looks cheaper than the generic one (which assumes ten keys), so every
    // command's row load was planned again each time, and so were statements inside the append function:
    // 15% of the backends' CPU under create-goal (perf, issue 10). Unnamed statements are still planned for
    // their values. A SET before the connection is handed out, not a startup option: PGlite ignores those.
    // random_page_cost 1.1, the PostgreSQL manual's figure for solid-state storage (the default 4 models
    // spinning disks): with 4, the one plan of a lookup by key made while a table held a few hundred rows
    // scanned the whole table, and kept scanning it as the table grew until autovacuum analyzed it again
    // (bench:api's create-goal read every goal row on each call: docs/decisions.md).
    onConnect: async (client: pg.ClientBase) => {
      await client.query('SET plan_cache_mode = force_generic_plan; SET random_page_cost = 1.1');
    },
  });
  if (options.sharedBackend) {
    sharedBackendPools.add(pool);
    pool.on('connect', (client) => sharedBackendClients.set(client, (sharedBackendClientCount += 1)));
  }
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Query errors reach their callers.
  });
  return pool;
}

/**
 * A string as an SQL literal, for the statements of a multi-statement message (which take no parameters):
 * exactly `pg.escapeLiteral`'s text (quotes doubled; with a backslash, an E'' literal with backslashes
 * doubled; a property test holds the two equal), made with two `replaceAll`s where pg's appends one
 * character at a time, 80 times slower on a command's kilobyte of JSON (11 us against 0.14 us).
 */
export const sqlLiteral = (value: string): string => {
  const quoted = value.replaceAll("'", "''");
  return value.includes('\\') ? ` E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
};

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
