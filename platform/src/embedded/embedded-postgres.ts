import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { findFreePort } from './free-port';
import { batchProtocolMessagesUntilSync } from './protocol-batching';

export interface EmbeddedPostgres {
  /** A postgres:// URL that an ordinary `pg.Pool` connects to. */
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * PostgreSQL in-process: PGlite (PostgreSQL compiled to WebAssembly) served over the wire protocol by
 * pglite-socket, so the rest of the code uses `pg` unchanged. `dataDir` undefined = in memory.
 * One process owns a data directory. Connections are served one statement at a time; an open transaction
 * holds the others until it ends.
 */
export async function startEmbeddedPostgres(
  options: { dataDir?: string; maxConnections?: number } = {},
): Promise<EmbeddedPostgres> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const db = options.dataDir ? await PGlite.create(options.dataDir) : await PGlite.create();
  const port = await findFreePort();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: options.maxConnections ?? 32 });
  batchProtocolMessagesUntilSync(server);
  await server.start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
