import type { Queryable } from '@stride/platform/postgres/pool';
import type { AnyTableSpec, ColumnType } from './table';

/**
 * Generic SQL for read-model rows. Table names come from code (TableSpec, checked to be plain identifiers)
 * and may be redirected (`tableName`) to a rebuild's shadow table; values are always bound parameters.
 */

type AnyRow = Record<string, unknown>;

const readExpression = (column: string, type: ColumnType): string => {
  switch (type) {
    case 'date':
      return `to_char(${column}, 'YYYY-MM-DD') AS ${column}`;
    default:
      return column;
  }
};

/** The select list that reads rows back in their JSON shape (dates as YYYY-MM-DD). */
export const selectList = (table: AnyTableSpec): string =>
  Object.entries(table.columns)
    .map(([column, type]) => readExpression(column, type))
    .join(', ');

/**
 * The WHERE condition selecting rows by key; its parameters (one text[] per key column) start after `offset`.
 * A composite key is matched column by column with `= ANY` (the key's index bounds the scan) and then as
 * exact pairs. Without the per-column conditions a plan made for no particular keys (the one plan a
 * prepared statement keeps, pool.ts) could hash the pairs and scan the whole table, a plan that looked
 * cheap while the table was small and stayed as it grew.
 */
export const keyFilter = (table: AnyTableSpec, offset = 0): string => {
  const params = table.key.map((_, i) => `$${offset + i + 1}::text[]`);
  if (table.key.length === 1) return `${table.key[0]} = ANY(${params[0]})`;
  const byColumn = table.key.map((column, i) => `${column} = ANY(${params[i]})`).join(' AND ');
  return `${byColumn} AND (${table.key.join(', ')}) IN (SELECT * FROM unnest(${params.join(', ')}))`;
};

export const keyParams = (table: AnyTableSpec, keys: readonly AnyRow[]): string[][] =>
  table.key.map((column) => keys.map((key) => String(key[column])));

/** INSERT ... ON CONFLICT of rows given as one jsonb array parameter ($`param`). */
export const upsertStatement = (table: AnyTableSpec, tableName: string, param: number): string => {
  const columns = Object.keys(table.columns);
  const updates = columns.filter((column) => !table.key.includes(column));
  const onConflict =
    updates.length === 0
      ? 'DO NOTHING'
      : `DO UPDATE SET ${updates.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}`;
  return `INSERT INTO ${tableName} (${columns.join(', ')})
     SELECT ${columns.join(', ')} FROM jsonb_populate_recordset(NULL::${tableName}, $${param}::jsonb)
     ON CONFLICT (${table.key.join(', ')}) ${onConflict}`;
};

export async function loadRows(
  db: Queryable,
  table: AnyTableSpec,
  keys: readonly AnyRow[],
  tableName = table.name,
): Promise<AnyRow[]> {
  if (keys.length === 0) return [];
  const { rows } = await db.query<AnyRow>(
    `SELECT ${selectList(table)} FROM ${tableName} WHERE ${keyFilter(table)}`,
    keyParams(table, keys),
  );
  return rows;
}

export async function upsertRows(
  db: Queryable,
  table: AnyTableSpec,
  rows: readonly AnyRow[],
  tableName = table.name,
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(upsertStatement(table, tableName, 1), [JSON.stringify(rows)]);
}

export async function deleteRows(
  db: Queryable,
  table: AnyTableSpec,
  keys: readonly AnyRow[],
  tableName = table.name,
): Promise<void> {
  if (keys.length === 0) return;
  await db.query(`DELETE FROM ${tableName} WHERE ${keyFilter(table)}`, keyParams(table, keys));
}

/** Every row of a table, in key order (audit verification). */
export async function allRows(db: Queryable, table: AnyTableSpec, tableName = table.name): Promise<AnyRow[]> {
  const { rows } = await db.query<AnyRow>(
    `SELECT ${selectList(table)} FROM ${tableName} ORDER BY ${table.key.join(', ')}`,
  );
  return rows;
}
