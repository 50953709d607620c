import { planLimitsByTier, type PlanLimits } from './plan-catalogue';
import { planGatesByTier, type PlanGates } from './plan-features';
import { subscriptionTierSchema, subscriptionTierValues, type SubscriptionTier } from './subscription-tiers';

/**
 * Usage limits and tier rules (spec sections 2, 5 and 6). Tiers arrive as plain strings from storage,
 * tokens and the client, so every function here accepts any string and treats unknown tiers as free.
 */

/** The tier a stored or client-sent value stands for; anything unknown (or missing) is free. */
export function parseTier(tier: string | null | undefined): SubscriptionTier {
  const parsed = subscriptionTierSchema.safeParse(tier?.trim().toLowerCase());
  return parsed.success ? parsed.data : 'free';
}

/** Spec section 6; unknown => free. */
export function limitsForTier(tier: string | null | undefined): PlanLimits {
  return planLimitsByTier[parseTier(tier)];
}

/** -1 means unlimited; any negative limit is read the same way rather than as "nothing allowed". */
export function isUnlimited(limit: number): boolean {
  return limit < 0;
}

/** True while `used` is below `limit` (or the limit is unlimited). */
export function isBelowLimit(used: number, limit: number): boolean {
  return isUnlimited(limit) || used < limit;
}

/** Spec section 5: a goal can be created if the limit is unlimited or the month's count is below it. */
export function canCreateGoal({
  tier,
  goalsThisMonth,
}: {
  tier: string | null | undefined;
  goalsThisMonth: number;
}): boolean {
  return isBelowLimit(goalsThisMonth, limitsForTier(tier).goalsPerMonth);
}

/** Spec section 5: AI can be used if the limit is unlimited or the month's count is below it. */
export function canUseAi({ tier, aiThisMonth }: { tier: string | null | undefined; aiThisMonth: number }): boolean {
  return isBelowLimit(aiThisMonth, limitsForTier(tier).aiGenerationsPerMonth);
}

/** How many are left this month; null when unlimited. Never negative. */
export function remaining(used: number, limit: number): number | null {
  return isUnlimited(limit) ? null : Math.max(0, limit - used);
}

export type UsageLevel = 'ok' | 'warning' | 'full';

/** Fractions of the limit (0.8 = 80%) at which a usage display changes state. */
export interface UsageThresholds {
  readonly warnAt: number;
  readonly fullAt: number;
}

/** The header usage indicator: orange at 80%, red at 100% (spec section 2). */
export const usageIndicatorThresholds: UsageThresholds = { warnAt: 0.8, fullAt: 1 };
/** The profile usage bars: yellow at 90%, red at 100% (spec section 9). */
export const usageBarThresholds: UsageThresholds = { warnAt: 0.9, fullAt: 1 };

/**
 * 'full' at or above `fullAt` of the limit, 'warning' at or above `warnAt`, else 'ok'. Unlimited is
 * always 'ok'; a limit of 0 is always 'full' (nothing can be used).
 */
export function usageLevel(used: number, limit: number, { warnAt, fullAt }: UsageThresholds): UsageLevel {
  if (isUnlimited(limit)) return 'ok';
  if (limit === 0) return 'full';
  const share = used / limit;
  if (share >= fullAt) return 'full';
  if (share >= warnAt) return 'warning';
  return 'ok';
}

export interface UpgradeOption {
  readonly tier: SubscriptionTier;
  readonly recommended: boolean;
}

/**
 * The plans the upgrade dialog lists (spec section 2): pro (recommended) for lite users, and basic
 * plus pro (pro recommended) for everyone else.
 *
 * DECISION: followed literally although basic is a legacy plan and offering it (or pro itself) to a
 * pro, team or basic user is odd; the dialog opens from usage limits and the free-user Upgrade button,
 * so in practice it is seen by free and limited tiers. Revisit with product (see the report).
 */
export function upgradeOptionsFor(tier: string | null | undefined): readonly UpgradeOption[] {
  if (parseTier(tier) === 'lite') return [{ tier: 'pro', recommended: true }];
  return [
    { tier: 'basic', recommended: false },
    { tier: 'pro', recommended: true },
  ];
}

/** The plan gates (plan-features.ts) of a stored or client-sent tier; unknown tiers are free. */
export function gatesForTier(tier: string | null | undefined): PlanGates {
  return planGatesByTier[parseTier(tier)];
}

/**
 * The analytics dashboard (issue 13, item 5: Starter has it over the last 30 days, Pro and Team over any
 * range; see plan-features.ts). The server's gate, the account menu and the analytics page read these.
 */
export function hasAnalyticsDashboard(tier: string | null | undefined): boolean {
  return gatesForTier(tier).analyticsDays !== 0;
}

/** Days back the dashboard reaches (today included); null = any range; 0 = no dashboard. */
export function analyticsDaysFor(tier: string | null | undefined): number | null {
  const days = gatesForTier(tier).analyticsDays;
  return days < 0 ? null : days;
}

/** Pro analytics: the dashboard over any date range (pro and team). */
export function hasProAnalytics(tier: string | null | undefined): boolean {
  return gatesForTier(tier).analyticsDays < 0;
}

/** The tiers that include the analytics dashboard (for a plan_required answer). */
export const ANALYTICS_DASHBOARD_TIERS: readonly SubscriptionTier[] = subscriptionTierValues.filter(
  (tier) => planGatesByTier[tier].analyticsDays !== 0,
);

/** The goal template library and saving a goal as a template. */
export function hasTemplates(tier: string | null | undefined): boolean {
  return gatesForTier(tier).templates;
}

/** The tiers that include goal templates (for a plan_required answer). */
export const TEMPLATE_TIERS: readonly SubscriptionTier[] = subscriptionTierValues.filter(
  (tier) => planGatesByTier[tier].templates,
);

/** Spec section 6: the header Upgrade button shows for free and lite users. */
export function showsHeaderUpgradeButton(tier: string | null | undefined): boolean {
  const parsed = parseTier(tier);
  return parsed === 'free' || parsed === 'lite';
}
