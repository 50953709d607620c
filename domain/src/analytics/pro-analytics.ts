import { parseTier } from '../plans/limits';
import type { SubscriptionTier } from '../plans/subscription-tiers';

/**
 * Which tiers get the pro analytics (daily metrics, full user metrics with engagement and insights, goal
 * metrics). Spec section 2: the Analytics entry is tagged PRO for anyone not on pro or team.
 *
 * DECISION: spec section 9 also lists an "analytics dashboard" among starter's features. The account menu
 * rule (PRO tag for everyone but pro and team) is the one the screens follow, so the server gates on it too;
 * starter users get the simple user metrics. Change PRO_ANALYTICS_TIERS to move the line.
 */
export const PRO_ANALYTICS_TIERS: readonly SubscriptionTier[] = ['pro', 'team'];

/** Unknown or missing tiers are free, so they never get pro analytics. */
export function canUseProAnalytics(tier: string | null | undefined): boolean {
  return PRO_ANALYTICS_TIERS.includes(parseTier(tier));
}
