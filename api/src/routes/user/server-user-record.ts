import type { ServerUserRecord } from '@stride/domain/contracts/users';
import { subscriptionStatusValues } from '@stride/domain/plans/subscription-tiers';
import { limitsForTier, parseTier } from '@stride/domain/plans/limits';
import type { UserRecordRow } from '@stride/projections/users/queries/get-user-record';
import { snapshotOf } from '@stride/application/commands/usage/usage-snapshot';

const statusOf = (status: string): ServerUserRecord['subscription_status'] =>
  (subscriptionStatusValues as readonly string[]).includes(status)
    ? (status as ServerUserRecord['subscription_status'])
    : 'active';

/**
 * The server user record (spec section 3) from the read models. Counters of a past month read as 0 and
 * current_month is the present month then (the next usage command records the reset); unknown tiers read
 * as free; the limits are the tier's (-1 = unlimited).
 */
export function toServerUserRecord(
  row: UserRecordRow,
  { now, isAdmin }: { now: Date; isAdmin: boolean },
): ServerUserRecord {
  const usage = snapshotOf(
    {
      month: row.current_month,
      goalsThisMonth: row.goals_this_month,
      aiGenerationsThisMonth: row.ai_generations_this_month,
      lastResetDate: row.last_reset_date,
    },
    now,
    row.time_zone,
  );
  const tier = parseTier(row.tier);
  const limits = limitsForTier(tier);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    subscription_tier: tier,
    subscription_status: statusOf(row.status),
    goals_this_month: usage.goalsThisMonth,
    ai_generations_this_month: usage.aiGenerationsThisMonth,
    updated_at: row.updated_at,
    current_month: usage.currentMonth,
    payment_failed_at: row.payment_failed_at,
    grace_period_ends_at: row.grace_period_ends_at,
    created_at: row.created_at,
    last_reset_date: row.last_reset_date,
    active_goals_count: row.active_goals_count,
    goals_limit: limits.goalsPerMonth,
    ai_generations_limit: limits.aiGenerationsPerMonth,
    onboarding_completed: row.onboarding_completed,
    is_admin: isAdmin,
    time_zone: row.time_zone,
  };
}
