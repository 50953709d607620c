import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedPostgres } from '@stride/platform/embedded/embedded-postgres';
import { migrate } from '@stride/platform/postgres/migrations';
import { createPool, type Pool } from '@stride/platform/postgres/pool';
import { testPostgresAdminUrl } from './services';

export interface TestDatabase {
  readonly url: string;
  readonly pool: Pool;
  readonly kind: 'postgres' | 'pglite';
  drop(): Promise<void>;
}

/** A fresh, migrated database on the PostgreSQL server, dropped by `drop()`. */
/** `migrateUpTo`: apply only the migrations up to this version (to test a later migration on older data). */
export interface TestDatabaseOptions {
  readonly poolSize?: number;
  readonly migrateUpTo?: number;
}

export async function createServerTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const adminUrl = testPostgresAdminUrl();
  const name = `stride_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), { max: options.poolSize ?? 20 });
  await migrate(pool, { upTo: options.migrateUpTo });
  return {
    url: url.toString(),
    pool,
    kind: 'postgres',
    async drop() {
      await pool.end();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A fresh, migrated in-memory PGlite behind pglite-socket, reached through `pg` like the server. */
export async function createPgliteTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const embedded = await startEmbeddedPostgres();
  const pool = createPool(embedded.url, { max: options.poolSize ?? 8, sharedBackend: true });
  await migrate(pool, { upTo: options.migrateUpTo });
  return {
    url: embedded.url,
    pool,
    kind: 'pglite',
    async drop() {
      await pool.end();
      await embedded.stop();
    },
  };
}

export const testDatabaseFactories = {
  postgres: createServerTestDatabase,
  pglite: createPgliteTestDatabase,
} as const;
