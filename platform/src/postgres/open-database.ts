import path from 'node:path';
import type { Config } from '../config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../embedded/embedded-postgres';
import { migrate } from './migrations';
import { createPool, type Pool } from './pool';

export interface Database {
  readonly pool: Pool;
  readonly url: string;
  readonly mode: Config['modes']['database'];
  close(): Promise<void>;
}

/** Connects to DATABASE_URL, or starts the embedded PGlite under DATA_DIR/postgres; migrates by default. */
export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'dataDir' | 'modes'>,
  options: { migrate?: boolean; applicationName?: string } = {},
): Promise<Database> {
  let embedded: EmbeddedPostgres | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'postgres') });
    url = embedded.url;
  }
  const pool = createPool(url, {
    max: config.DATABASE_POOL_SIZE,
    applicationName: options.applicationName,
    sharedBackend: embedded !== null,
  });
  if (options.migrate ?? true) await migrate(pool);
  return {
    pool,
    url,
    mode: config.modes.database,
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
