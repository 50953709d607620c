import type { SubscriptionTier } from './subscription-tiers';

/**
 * What each plan includes beyond its usage limits, declared once: the server's gates, the web's screens and
 * the plan feature lists (pricing page, upgrade dialog, checkout) all read these, so a plan cannot be sold
 * with a feature the code does not give it (issue 13, item 5).
 */
export interface PlanGates {
  /**
   * The analytics dashboard: how many days back it reaches (the last N days, today included); 0 = no
   * dashboard, -1 = any range (Pro analytics).
   */
  readonly analyticsDays: number;
  /**
   * Goal templates: starting a goal from the built-in library or from one's own templates, and "save this
   * goal as a template". Without them the library can be browsed (with an upgrade prompt), not used.
   */
  readonly templates: boolean;
  readonly prioritySupport: boolean;
}

/** -1: any date range. */
export const ANY_RANGE = -1;

/**
 * DECISION (issue 13, item 5): Starter gets the analytics dashboard over the last 30 days (every chart and
 * figure, presets 7 and 30 days); Pro and Team get it over any range (90 days, custom ranges back to the
 * account's first day). Legacy plans keep what they were sold: their limits and the base features.
 */
export const planGatesByTier: Readonly<Record<SubscriptionTier, PlanGates>> = {
  free: { analyticsDays: 0, templates: false, prioritySupport: false },
  starter: { analyticsDays: 30, templates: true, prioritySupport: false },
  pro: { analyticsDays: ANY_RANGE, templates: true, prioritySupport: true },
  team: { analyticsDays: ANY_RANGE, templates: true, prioritySupport: true },
  lite: { analyticsDays: 0, templates: false, prioritySupport: false },
  basic: { analyticsDays: 0, templates: false, prioritySupport: false },
};

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/**
 * The goal limit in words. The rule is a number of goals CREATED per calendar month (spec section 5's
 * monthly counter), never a number of active goals: '1 new goal a month', 'Unlimited goals'.
 */
export function goalsPerMonthText(limit: number): string {
  if (limit < 0) return 'Unlimited goals';
  return `${limit} new ${plural(limit, 'goal', 'goals')} a month`;
}

/** '3 AI breakdowns a month', 'Unlimited AI breakdowns'. */
export function aiPerMonthText(limit: number): string {
  if (limit < 0) return 'Unlimited AI breakdowns';
  return `${limit} AI ${plural(limit, 'breakdown', 'breakdowns')} a month`;
}

/** The dashboard line, or null without one. */
export function analyticsFeatureText(analyticsDays: number): string | null {
  if (analyticsDays === 0) return null;
  return analyticsDays < 0 ? 'Analytics dashboard, any date range' : `Analytics dashboard (last ${analyticsDays} days)`;
}

export const BASE_FEATURES = ['Progress tracking', 'Energy-based task workflow', 'Mobile and desktop access'] as const;

/**
 * A plan's feature list, generated from its limits and gates, the distinguishing lines first (the upgrade
 * dialog shows the first three).
 */
export function planFeatures(
  limits: { readonly goalsPerMonth: number; readonly aiGenerationsPerMonth: number },
  gates: PlanGates,
): string[] {
  const analytics = analyticsFeatureText(gates.analyticsDays);
  return [
    goalsPerMonthText(limits.goalsPerMonth),
    aiPerMonthText(limits.aiGenerationsPerMonth),
    ...(analytics === null ? [] : [analytics]),
    ...(gates.templates ? ['Goal templates, and your own'] : []),
    ...BASE_FEATURES,
    gates.prioritySupport ? 'Priority email support' : 'Email support',
  ];
}
