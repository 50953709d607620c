import type { ServerUserRecord } from '@stride/domain/contracts/users';
import { limitsForTier, parseTier } from '@stride/domain/plans/limits';
import { DEFAULT_TIME_ZONE } from '@stride/domain/users/user-time-zone';
import { browserTimeZone } from '../../../lib/time-zone';
import type { AuthUser } from '../../../lib/auth-session';
import type { ClientUserData } from '../../../lib/current-user';

/** Server record (snake_case) to client user data (spec section 3, camelCase). */
export function toClientUser(record: ServerUserRecord): ClientUserData {
  return {
    id: record.id,
    email: record.email,
    name: record.name,
    subscriptionTier: parseTier(record.subscription_tier),
    subscriptionStatus: record.subscription_status ?? 'active',
    goalsThisMonth: record.goals_this_month,
    activeGoalsCount: record.active_goals_count,
    goalsLimit: record.goals_limit,
    aiGenerationsThisMonth: record.ai_generations_this_month,
    aiGenerationsLimit: record.ai_generations_limit,
    currentMonth: record.current_month,
    lastResetDate: record.last_reset_date,
    paymentFailedAt: record.payment_failed_at,
    gracePeriodEndsAt: record.grace_period_ends_at,
    createdAt: record.created_at,
    isAdmin: record.is_admin,
    onboardingCompleted: record.onboarding_completed,
    timeZone: record.time_zone,
  };
}

/** Spec section 4: without a record or cache, defaults come from the sign-in provider's public metadata. */
export function defaultUserData(authUser: AuthUser, currentMonth: string): ClientUserData {
  const tier = parseTier(authUser.publicMetadata.subscriptionTier);
  const limits = limitsForTier(tier);
  return {
    id: authUser.id,
    email: authUser.email,
    name: authUser.name,
    subscriptionTier: tier,
    subscriptionStatus: 'active',
    goalsThisMonth: 0,
    activeGoalsCount: 0,
    goalsLimit: limits.goalsPerMonth,
    aiGenerationsThisMonth: 0,
    aiGenerationsLimit: limits.aiGenerationsPerMonth,
    currentMonth,
    lastResetDate: null,
    paymentFailedAt: null,
    gracePeriodEndsAt: null,
    createdAt: null,
    isAdmin: false,
    onboardingCompleted: false,
    timeZone: browserTimeZone() ?? DEFAULT_TIME_ZONE,
  };
}
