import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Pool } from './pool';
import { withTransaction } from './pool';

export const postgresMigrationsDir = fileURLToPath(new URL('../../migrations/postgres', import.meta.url));

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** Reads `NNNN_name.sql` files in version order. */
export async function loadMigrations(dir: string = postgresMigrationsDir): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      sql: await readFile(path.join(dir, file), 'utf8'),
    })),
  );
}

/**
 * Applies pending migrations in one transaction (all or nothing) under an advisory lock, so that several
 * processes starting at once apply each migration exactly once. Returns the versions applied.
 */
export async function migrate(
  pool: Pool,
  options: { dir?: string; onApplied?: (migration: Migration) => void; upTo?: number } = {},
): Promise<number[]> {
  const migrations = (await loadMigrations(options.dir)).filter(
    (migration) => migration.version <= (options.upTo ?? Number.POSITIVE_INFINITY),
  );
  const applied: number[] = [];
  await withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(727274)');
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ]);
      } catch (error) {
        throw new Error(`Migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      applied.push(migration.version);
      options.onApplied?.(migration);
    }
  });
  return applied;
}
