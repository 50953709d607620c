import { parseTier } from '@stride/domain/plans/limits';
import type { SubscriptionTier } from '@stride/domain/plans/subscription-tiers';
import type { Queryable } from '@stride/platform/postgres/pool';

/** A user's subscription tier from the billing read model (no row: free). */
export async function selectUserTier(db: Queryable, userId: string): Promise<SubscriptionTier> {
  const { rows } = await db.query<{ tier: string }>('SELECT tier FROM user_billing WHERE user_id = $1', [userId]);
  return parseTier(rows[0]?.tier);
}
