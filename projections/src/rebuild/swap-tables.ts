import type { PoolClient } from '@stride/platform/postgres/pool';
import type { AnyTableSpec } from '../core/table';

/** The shadow table a rebuild writes beside a live one. */
export const shadowName = (table: AnyTableSpec): string => `${table.name}__rebuild`;

/** Creates (or recreates) the empty shadow table: same columns, constraints and indexes as the live one. */
export async function createShadowTable(client: PoolClient, table: AnyTableSpec): Promise<void> {
  await client.query(`DROP TABLE IF EXISTS ${shadowName(table)}`);
  await client.query(`CREATE TABLE ${shadowName(table)} (LIKE ${table.name} INCLUDING ALL)`);
}

interface IndexInfo {
  readonly name: string;
  /** The definition without its own name and table: what identifies "the same index". */
  readonly shape: string;
  readonly constraint: string | null;
}

async function indexesOf(client: PoolClient, tableName: string): Promise<IndexInfo[]> {
  const { rows } = await client.query<{ name: string; definition: string; constraint: string | null }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition, c.conname AS constraint
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       LEFT JOIN pg_constraint c ON c.conindid = i.oid AND c.conrelid = t.oid
      WHERE t.relname = $1 AND t.relnamespace = current_schema()::regnamespace`,
    [tableName],
  );
  return rows.map((row) => ({
    name: row.name,
    shape: row.definition.replace(/^CREATE (UNIQUE )?INDEX \S+ ON \S+ /, 'CREATE $1INDEX ON t '),
    constraint: row.constraint,
  }));
}

/**
 * In the caller's transaction: the shadow table takes the live table's place (renames, so readers see
 * the old rows until commit and the new ones after, never a mix), the old table is dropped, and the
 * shadow's indexes and constraints get the live names back (so later migrations find them).
 */
export async function swapInShadowTable(client: PoolClient, table: AnyTableSpec): Promise<void> {
  const live = table.name;
  const shadow = shadowName(table);
  const liveIndexes = await indexesOf(client, live);
  const shadowIndexes = await indexesOf(client, shadow);
  await client.query(`LOCK TABLE ${live} IN ACCESS EXCLUSIVE MODE`);
  await client.query(`DROP TABLE ${live}`);
  await client.query(`ALTER TABLE ${shadow} RENAME TO ${live}`);
  for (const index of shadowIndexes) {
    const original = liveIndexes.find((candidate) => candidate.shape === index.shape);
    if (!original || original.name === index.name) continue;
    if (index.constraint && original.constraint) {
      await client.query(`ALTER TABLE ${live} RENAME CONSTRAINT ${index.constraint} TO ${original.constraint}`);
    } else {
      await client.query(`ALTER INDEX ${index.name} RENAME TO ${original.name}`);
    }
  }
}
