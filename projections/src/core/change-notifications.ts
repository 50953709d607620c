import { z } from 'zod';
import type { Queryable } from '@stride/platform/postgres/pool';

/**
 * Read-model change notifications: a projection batch that changed users' rows sends, in its own
 * transaction, `NOTIFY stride_read_models` naming them (PostgreSQL delivers it on commit, to every
 * listening process). Read caches drop those users' entries. A rebuild, or a batch touching very many
 * users, names `all`.
 */
export const READ_MODEL_CHANNEL = 'stride_read_models';

/** NOTIFY payloads are limited to 8000 bytes: above this many users a batch names `all`. */
const MAX_NAMED_USERS = 100;

export const readModelChangeSchema = z.object({
  projection: z.string(),
  users: z.union([z.literal('all'), z.array(z.string())]),
});
export type ReadModelChange = z.infer<typeof readModelChangeSchema>;

export async function notifyReadModelChange(db: Queryable, change: ReadModelChange): Promise<void> {
  const users = change.users === 'all' || change.users.length > MAX_NAMED_USERS ? 'all' : change.users;
  if (users !== 'all' && users.length === 0) return;
  await db.query('SELECT pg_notify($1, $2)', [
    READ_MODEL_CHANNEL,
    JSON.stringify({ projection: change.projection, users }),
  ]);
}
