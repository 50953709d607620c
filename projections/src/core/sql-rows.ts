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

const keyFilter = (table: AnyTableSpec): string =>
  table.key.length === 1
    ? `${table.key[0]} = ANY($1::text[])`
    : `(${table.key.join(', ')}) IN (SELECT * FROM unnest(${table.key.map((_, i) => `$${i + 1}::text[]`).join(', ')}))`;

const keyParams = (table: AnyTableSpec, keys: readonly AnyRow[]): string[][] =>
  table.key.map((column) => keys.map((key) => String(key[column])));

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
  const columns = Object.keys(table.columns);
  const updates = columns.filter((column) => !table.key.includes(column));
  const onConflict =
    updates.length === 0
      ? 'DO NOTHING'
      : `DO UPDATE SET ${updates.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}`;
  await db.query(
    `INSERT INTO ${tableName} (${columns.join(', ')})
     SELECT ${columns.join(', ')} FROM jsonb_populate_recordset(NULL::${tableName}, $1::jsonb)
     ON CONFLICT (${table.key.join(', ')}) ${onConflict}`,
    [JSON.stringify(rows)],
  );
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
