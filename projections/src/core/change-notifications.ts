import { z } from 'zod';
import { sqlLiteral, type Queryable } from '@stride/platform/postgres/pool';

/**
 * Read-model change notifications: a transaction that changed users' read-model rows (a command's inline
 * projections, a rebuild's swap) sends `NOTIFY stride_read_models` naming them (PostgreSQL delivers it on
 * commit, to every listening process); the process that committed also tells its own caches at once
 * (InlineProjections.announce). Read caches drop those users' entries. A rebuild, or a change touching
 * very many users, names `all`.
 */
export const READ_MODEL_CHANNEL = 'stride_read_models';

/** NOTIFY payloads are limited to 8000 bytes: above this many users a batch names `all`. */
const MAX_NAMED_USERS = 100;

export const readModelChangeSchema = z.object({
  projection: z.string(),
  users: z.union([z.literal('all'), z.array(z.string())]),
  /** The newest log position the change includes (absent for a rebuild). */
  position: z.number().int().optional(),
});
export type ReadModelChange = z.infer<typeof readModelChangeSchema>;

const payloadOf = (change: ReadModelChange): string | null => {
  const users = change.users === 'all' || change.users.length > MAX_NAMED_USERS ? 'all' : change.users;
  if (users !== 'all' && users.length === 0) return null;
  return JSON.stringify({ ...change, users });
};

/** The `pg_notify(...)` expression for a change (its parameters numbered from `firstParam`), or null. */
export const notifyStatement = (
  change: ReadModelChange,
  firstParam: number,
): { sql: string; params: string[] } | null => {
  const payload = payloadOf(change);
  if (payload === null) return null;
  return { sql: `pg_notify($${firstParam}, $${firstParam + 1})`, params: [READ_MODEL_CHANNEL, payload] };
};

/**
 * The statement that notifies `changes` (one per projection: users merged) when sent in a command's COMMIT
 * message, just after the commit (`LazyTransaction.commit`'s `after`): `stride_notify_quietly` (migration 0097)
 * only warns if it cannot notify, since the command has committed. null when there is nothing to send.
 */
export const notifyAfterCommit = (changes: readonly ReadModelChange[]): string | null => {
  const payloads = mergeChanges(changes).flatMap((change) => payloadOf(change) ?? []);
  if (payloads.length === 0) return null;
  return `SELECT stride_notify_quietly(${sqlLiteral(READ_MODEL_CHANNEL)}, ARRAY[${payloads.map(sqlLiteral).join(', ')}]::text[])`;
};

export async function notifyReadModelChange(db: Queryable, change: ReadModelChange): Promise<void> {
  const statement = notifyStatement(change, 1);
  if (statement) await db.query(`SELECT ${statement.sql}`, statement.params);
}

/** One change per projection: its users merged (or all), its newest position. */
function mergeChanges(changes: readonly ReadModelChange[]): ReadModelChange[] {
  const merged = new Map<string, ReadModelChange>();
  for (const change of changes) {
    const seen = merged.get(change.projection);
    if (!seen) {
      merged.set(change.projection, change);
      continue;
    }
    const users =
      seen.users === 'all' || change.users === 'all' ? 'all' : [...new Set([...seen.users, ...change.users])];
    const positions = [seen.position, change.position].filter((value): value is number => value !== undefined);
    merged.set(change.projection, {
      projection: change.projection,
      users,
      ...(positions.length > 0 && { position: Math.max(...positions) }),
    });
  }
  return [...merged.values()];
}
