import type { StoredEvent } from '@stride/platform/event-store/types';
import type { Queryable } from '@stride/platform/postgres/pool';
import type { Projection } from './projection';
import { RowStore } from './row-store';
import { deleteRows, loadRows, upsertRows } from './sql-rows';
import type { AnyTableSpec } from './table';
import { keyString } from './table';

/** Maps a projection's table to the physical table written (the live one, or a rebuild's shadow). */
export type TableNames = (table: AnyTableSpec) => string;
export const liveTables: TableNames = (table) => table.name;

export interface AppliedBatch {
  /** How many events the projection handled. */
  readonly handled: number;
  /** The users whose rows changed (tables with a user_id column), for read caches to forget. */
  readonly users: ReadonlySet<string>;
}

const OWNER_COLUMN = 'user_id';

/**
 * Applies a batch of log events to a projection's tables through `db` (the subscription's transaction):
 * one query to load the touched rows per table, the projection's pure `apply`, one upsert and one delete
 * per table.
 */
export async function applyBatch(
  db: Queryable,
  projection: Projection,
  events: readonly StoredEvent[],
  tableNames: TableNames = liveTables,
): Promise<AppliedBatch> {
  const batch = projection.decodeBatch(events);
  if (batch.size === 0) return { handled: 0, users: new Set() };
  const rows = new RowStore(projection.tables, 'partial');
  for (const table of projection.tables) {
    const keys = uniqueKeys(
      table,
      batch.refs.filter((ref) => ref.table.name === table.name).map((ref) => ref.key),
    );
    for (const key of keys) rows.seed(table, key, null);
    for (const row of await loadRows(db, table, keys, tableNames(table))) rows.seed(table, row, row);
  }
  batch.applyTo(rows);
  const users = new Set<string>();
  for (const table of projection.tables) {
    const { upserts, deletes } = rows.changes(table);
    await deleteRows(db, table, deletes, tableNames(table));
    await upsertRows(db, table, upserts, tableNames(table));
    if (OWNER_COLUMN in table.columns) for (const user of rows.changedValues(table, OWNER_COLUMN)) users.add(user);
  }
  return { handled: batch.size, users };
}

const uniqueKeys = (table: AnyTableSpec, keys: readonly Readonly<Record<string, string>>[]) => [
  ...new Map(keys.map((key) => [keyString(table, key), key])).values(),
];
