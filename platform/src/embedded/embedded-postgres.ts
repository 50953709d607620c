import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
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
  // A Unix socket in a directory of its own, named as PostgreSQL names its socket, so a `host=` URL reaches it:
  // no TCP on the way between the pool and the database, which share this process.
  const socketDir = await mkdtemp(path.join(os.tmpdir(), 'stride-pg-'));
  const server = new PGLiteSocketServer({
    db,
    path: path.join(socketDir, '.s.PGSQL.5432'),
    maxConnections: options.maxConnections ?? 32,
  });
  batchProtocolMessagesUntilSync(server);
  await server.start();
  return {
    url: `postgres://postgres@localhost:5432/postgres?host=${encodeURIComponent(socketDir)}`,
    async stop() {
      await server.stop();
      await db.close();
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}
