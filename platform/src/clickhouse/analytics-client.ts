import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createClient, type ClickHouseClient, type ClickHouseSettings } from '@clickhouse/client';
import type { z } from 'zod';
import type { Config } from '../config';

type ClientConnection = NonNullable<NonNullable<Parameters<typeof createClient>[0]>['connection']>;

export type AnalyticsMode = Config['modes']['analytics'];

/** Query parameters bound as ClickHouse `{name:Type}` placeholders; never interpolated. */
export type QueryParams = Readonly<Record<string, unknown>>;

/**
 * The analytics store (ClickHouse, or chDB in-process) behind one small surface. Every request carries
 * `max_memory_usage`, so a runaway report fails alone instead of taking the process down.
 */
export interface AnalyticsClient {
  readonly mode: AnalyticsMode;
  readonly database: string;
  /** Runs a SELECT with bound parameters and validates every row with `schema`. */
  rows<T>(query: string, params: QueryParams, schema: z.ZodType<T>): Promise<T[]>;
  /** Inserts rows (JSONEachRow); a retry with the same `deduplicationToken` is stored once. */
  insert(table: string, rows: readonly object[], options?: { deduplicationToken?: string }): Promise<void>;
  /**
   * Inserts rows given as value arrays in `columns` order (JSONCompactEachRow: no key per value, about twice
   * the throughput of `insert` for bulk batches). Instants must be in the basic format `chDateTime` writes
   * ('YYYY-MM-DD hh:mm:ss.sss', UTC), which parses faster than ISO strings.
   */
  insertValues(
    table: string,
    columns: readonly string[],
    rows: readonly (readonly unknown[])[],
    options?: { deduplicationToken?: string },
  ): Promise<void>;
  /** DDL and other statements without a result. */
  command(query: string, params?: QueryParams): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

type AnalyticsConfig = Pick<
  Config,
  'CLICKHOUSE_URL' | 'CLICKHOUSE_DATABASE' | 'CLICKHOUSE_MAX_MEMORY_BYTES' | 'dataDir' | 'modes'
>;

/**
 * Settings on every request: the memory limit, ISO instants out, best-effort instants in, plain numbers, and
 * every setting whose default differs between the chDB engine (26.7) and ClickHouse servers (24.x, 25.x) and
 * that the code relies on, set explicitly so both behave alike:
 * - `async_insert: 0`: an insert resolves once its rows are written (the writers acknowledge a batch, and the
 *   bus commits its offsets, only after that); chDB defaults to 1, servers to 0.
 * - `insert_deduplicate: 1` with the tables' `non_replicated_deduplication_window`: a retried batch with the
 *   same `insert_deduplication_token` is stored once.
 * - `deduplicate_blocks_in_dependent_materialized_views: 1`: the materialized views (signup_errors_mv) see a
 *   retried block once too.
 * - `http_write_exception_in_output_format: 0`: an error in a query is an HTTP error status, never a row of
 *   the output that a reader might parse as data.
 */
const settingsFor = (config: AnalyticsConfig): ClickHouseSettings => ({
  max_memory_usage: String(config.CLICKHOUSE_MAX_MEMORY_BYTES),
  date_time_input_format: 'best_effort',
  date_time_output_format: 'iso',
  output_format_json_quote_64bit_integers: 0,
  async_insert: 0,
  wait_for_async_insert: 1,
  insert_deduplicate: 1,
  deduplicate_blocks_in_dependent_materialized_views: 1,
  ...(config.CLICKHOUSE_URL && { http_write_exception_in_output_format: 0 }),
});

/**
 * Connects to CLICKHOUSE_URL, or opens chDB in-process at `chdbPath` (default DATA_DIR/clickhouse), and makes
 * sure CLICKHOUSE_DATABASE exists. One process owns a chDB path.
 */
export async function createAnalyticsClient(
  config: AnalyticsConfig,
  options: { chdbPath?: string } = {},
): Promise<AnalyticsClient> {
  const database = config.CLICKHOUSE_DATABASE;
  const clickhouse_settings = settingsFor(config);
  let client: ClickHouseClient;
  if (config.CLICKHOUSE_URL) {
    const bootstrap = createClient({ url: config.CLICKHOUSE_URL, clickhouse_settings });
    await bootstrap.command({ query: `CREATE DATABASE IF NOT EXISTS ${database}` });
    await bootstrap.close();
    client = createClient({ url: config.CLICKHOUSE_URL, database, clickhouse_settings });
  } else {
    const { createChdbConnection } = await import('chdb/connection');
    const chdbPath = options.chdbPath ?? path.join(config.dataDir, 'clickhouse');
    mkdirSync(chdbPath, { recursive: true });
    // chdb implements the client's Connection interface exactly, but against its own copy of
    // @clickhouse/client-common, so the two declarations differ nominally: bridge them here, once.
    const connection = createChdbConnection({ path: chdbPath }) as unknown as ClientConnection;
    client = createClient({ connection, clickhouse_settings });
    // chDB keeps one session per connection and ignores the `database` option: select it with USE.
    // (The database name is validated by the config schema: [a-z_][a-z0-9_]*.)
    await client.command({ query: `CREATE DATABASE IF NOT EXISTS ${database}` });
    await client.command({ query: `USE ${database}` });
  }
  return wrap(client, config.modes.analytics, database);
}

const dedupSettings = (token: string | undefined): ClickHouseSettings =>
  token ? { insert_deduplicate: 1, insert_deduplication_token: token } : {};

function wrap(client: ClickHouseClient, mode: AnalyticsMode, database: string): AnalyticsClient {
  return {
    mode,
    database,
    async rows<T>(query: string, params: QueryParams, schema: z.ZodType<T>): Promise<T[]> {
      const result = await client.query({ query, query_params: { ...params }, format: 'JSONEachRow' });
      const raw = await result.json<unknown>();
      return raw.map((row) => schema.parse(row));
    },
    async insert(table, rows, options = {}) {
      if (rows.length === 0) return;
      await client.insert({
        table,
        values: rows as object[],
        format: 'JSONEachRow',
        clickhouse_settings: dedupSettings(options.deduplicationToken),
      });
    },
    async insertValues(table, columns, rows, options = {}) {
      if (rows.length === 0) return;
      await client.insert({
        table,
        columns: [...columns] as [string, ...string[]],
        values: rows as unknown[][],
        format: 'JSONCompactEachRow',
        clickhouse_settings: { date_time_input_format: 'basic', ...dedupSettings(options.deduplicationToken) },
      });
    },
    async command(query, params = {}) {
      await client.command({ query, query_params: { ...params } });
    },
    async ping() {
      const result = await client.ping();
      return result.success;
    },
    async close() {
      await client.close();
    },
  };
}
