import type { LogCheckpoint } from '@stride/platform/event-store/types';
import type { Queryable } from '@stride/platform/postgres/pool';
import type { Projection } from './projection';

/**
 * A projection's subscription checkpoint (`projection:<name>` in subscription_checkpoints). Inline
 * projections have none; a row means "applied up to here, the rest is still to catch up" (a projection
 * that was asynchronous, or a new one a migration asks to fill from the log).
 */
export async function readCheckpoint(
  db: Queryable,
  projection: Projection,
  options: { lock?: boolean } = {},
): Promise<LogCheckpoint | null> {
  const { rows } = await db.query<{ transaction_id: string; global_position: number }>(
    `SELECT transaction_id::text AS transaction_id, global_position FROM subscription_checkpoints
      WHERE subscription_id = $1 ${options.lock ? 'FOR UPDATE' : ''}`,
    [projection.subscriptionId],
  );
  return rows[0] ? { transactionId: rows[0].transaction_id, position: rows[0].global_position } : null;
}

export async function removeCheckpoint(db: Queryable, projection: Projection): Promise<void> {
  await db.query('DELETE FROM subscription_checkpoints WHERE subscription_id = $1', [projection.subscriptionId]);
}
