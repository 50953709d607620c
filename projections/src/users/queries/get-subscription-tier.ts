import type { Queryable } from '@stride/platform/postgres/pool';

/**
 * The plan tier as stored for a user ('free' when billing never wrote one). Commands that count usage
 * take the tier from here: billing changes reach it through the users projection, moments after the
 * billing event (documented in docs/decisions.md).
 */
export async function getSubscriptionTier(db: Queryable, userId: string): Promise<string> {
  const { rows } = await db.query<{ tier: string }>('SELECT tier FROM user_billing WHERE user_id = $1', [userId]);
  return rows[0]?.tier ?? 'free';
}
