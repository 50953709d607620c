import { upgradeOptionsFor } from '@stride/domain/plans/limits';
import type { UpgradeTrigger } from '../../../lib/upgrade-dialog';
import type { Plan } from '../api/get-plans';

export interface UpgradePlanOption {
  readonly plan: Plan;
  readonly recommended: boolean;
  /** The first three features (spec section 2). */
  readonly features: readonly string[];
}

/** Pro (recommended) for lite users, basic plus pro (pro recommended) for everyone else. */
export function upgradePlanOptions(tier: string, plans: readonly Plan[]): UpgradePlanOption[] {
  return upgradeOptionsFor(tier).flatMap((option) => {
    const plan = plans.find((p) => p.id === option.tier);
    return plan ? [{ plan, recommended: option.recommended, features: plan.features.slice(0, 3) }] : [];
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
