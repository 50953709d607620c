import { parseTier } from '@stride/domain/plans/limits';
import type { UpgradeTrigger } from '../../../lib/upgrade-dialog';
import type { Plan } from '../api/get-plans';

export interface UpgradePlanOption {
  readonly plan: Plan;
  readonly recommended: boolean;
  /** The first three features (spec section 2). */
  readonly features: readonly string[];
}

/**
 * The plans the dialog sells: only plans on sale today, above the user's own.
 *
 * DECISION (issue 13, item 6): spec section 2 says "basic plus pro", but basic is a legacy plan kept for
 * existing customers; selling it while calling it legacy was dishonest. Legacy plans (lite, basic) are
 * no longer sold: free users are offered Starter and Pro (Pro recommended); everyone on a paid plan
 * below Pro (starter, lite, basic) is offered Pro (recommended). The feature lines are generated from the
 * plan's real limits and gates (domain/src/plans/plan-features.ts).
 */
export function upgradePlanOptions(tier: string, plans: readonly Plan[]): UpgradePlanOption[] {
  const parsed = parseTier(tier);
  const offered: readonly Plan['id'][] = parsed === 'free' ? ['starter', 'pro'] : ['pro'];
  return offered.flatMap((id) => {
    const plan = plans.find((p) => p.id === id && !p.legacy);
    return plan ? [{ plan, recommended: id === 'pro', features: plan.features.slice(0, 3) }] : [];
  });
}

export const UPGRADE_FOOTER = 'Cancel anytime • Same great features, just higher limits';

export const upgradeCopy: Record<UpgradeTrigger, { title: string; description: string }> = {
  goals: {
    title: "You've reached your goal limit",
    description: 'Your plan includes a set number of new goals each month. Upgrade to keep adding goals today.',
  },
  ai: {
    title: "You've used this month's AI breakdowns",
    description: 'Upgrade for more AI task breakdowns every month, so every goal gets a clear plan.',
  },
  general: {
    title: 'Upgrade your plan',
    description: 'More goals, more AI breakdowns, and analytics that show how you work best.',
  },
};
