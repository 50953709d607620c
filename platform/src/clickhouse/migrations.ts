import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { AnalyticsClient } from './analytics-client';

export const clickhouseMigrationsDir = fileURLToPath(new URL('../../migrations/clickhouse', import.meta.url));

export interface AnalyticsMigration {
  readonly version: number;
  readonly name: string;
  readonly statements: readonly string[];
}

/** Splits a migration into statements: each ends with `;` at the end of a line; `--` comments are dropped. */
export function splitStatements(sql: string): string[] {
  const withoutComments = sql
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n');
  return withoutComments
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}

/** Reads `NNNN_name.sql` files in version order (schema.sql, the current schema for reading, is skipped). */
export async function loadAnalyticsMigrations(dir: string = clickhouseMigrationsDir): Promise<AnalyticsMigration[]> {
  const files = (await readdir(dir)).filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      statements: splitStatements(await readFile(path.join(dir, file), 'utf8')),
    })),
  );
}

const appliedRow = z.object({ version: z.number().int() });

/**
 * Applies pending migrations in order and records each in `schema_migrations`. ClickHouse has no DDL
 * transactions, so every statement is written to be re-runnable (IF NOT EXISTS): a migration interrupted
 * half-way, or two processes migrating at once, converge on the same schema.
 */
export async function migrateAnalytics(
  client: AnalyticsClient,
  options: { dir?: string; onApplied?: (migration: AnalyticsMigration) => void } = {},
): Promise<number[]> {
  await client.command(
    `CREATE TABLE IF NOT EXISTS schema_migrations (version UInt32, name String, applied_at DateTime64(3, 'UTC'))
     ENGINE = ReplacingMergeTree ORDER BY version`,
  );
  const done = new Set(
    (await client.rows('SELECT DISTINCT version FROM schema_migrations', {}, appliedRow)).map((row) => row.version),
  );
  const applied: number[] = [];
  for (const migration of await loadAnalyticsMigrations(options.dir)) {
    if (done.has(migration.version)) continue;
    for (const statement of migration.statements) {
      try {
        await client.command(statement);
      } catch (error) {
        throw new Error(
          `ClickHouse migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`,
          { cause: error },
        );
      }
    }
    await client.insert('schema_migrations', [
      { version: migration.version, name: migration.name, applied_at: new Date().toISOString() },
    ]);
    applied.push(migration.version);
    options.onApplied?.(migration);
  }
  return applied;
}
