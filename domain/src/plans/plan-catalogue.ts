import { planFeatures, planGatesByTier } from './plan-features';
import { subscriptionTierValues, type SubscriptionTier } from './subscription-tiers';

/**
 * The plan catalogue (spec sections 1, 3, 6 and 9, price reading A).
 *
 * Pure data plus one builder: the payment provider's price identifiers differ per environment, so they
 * are never hard-coded here. The API reads them from its validated configuration and calls
 * `buildPlanCatalogue(priceIds)`.
 */

/** Tiers in the order plans are presented: the tier vocabulary's own order (subscription-tiers.ts). */
export const subscriptionTiers: readonly SubscriptionTier[] = subscriptionTierValues;

/** A limit of -1 means unlimited (spec section 3: "goalsLimit (-1 means unlimited)"). */
export const UNLIMITED = -1;

export interface PlanLimits {
  /** Goals that may be created per calendar month; -1 = unlimited. */
  readonly goalsPerMonth: number;
  /** AI task breakdowns per calendar month; -1 = unlimited. */
  readonly aiGenerationsPerMonth: number;
}

export interface PlanDefinition {
  readonly id: SubscriptionTier;
  readonly name: string;
  readonly headline: string;
  readonly subheadline: string;
  readonly description: string;
  readonly priceCents: number;
  /** e.g. '$5/month' or 'Free'. */
  readonly priceDisplay: string;
  /** The payment provider's price identifier from configuration; null when none is configured. */
  readonly stripePriceId: string | null;
  readonly limits: PlanLimits;
  /**
   * Generated from the limits and gates (plan-features.ts), never written by hand; ordered: the upgrade
   * dialog shows the first three, so the distinguishing ones come first.
   */
  readonly features: readonly string[];
  readonly bestFor: string;
  readonly valueProposition?: string;
  readonly popular: boolean;
  /** Honoured for grandfathered customers only (lite and basic). */
  readonly legacy: boolean;
  /**
   * A checkout can be started for it: a paid plan with a configured price identifier (spec section 5:
   * "Upgrade buttons do nothing without ... a price identifier"). Legacy plans stay purchasable when a
   * price is configured, because the upgrade dialog offers basic (spec section 2); the pricing page
   * shows `pricingPagePlans` only.
   */
  readonly purchasable: boolean;
}

/** Spec section 6. Unknown tiers are treated as free (see `limitsForTier`). */
export const planLimitsByTier: Readonly<Record<SubscriptionTier, PlanLimits>> = {
  free: { goalsPerMonth: 1, aiGenerationsPerMonth: 3 },
  starter: { goalsPerMonth: 10, aiGenerationsPerMonth: 100 },
  lite: { goalsPerMonth: 10, aiGenerationsPerMonth: 100 },
  basic: { goalsPerMonth: 10, aiGenerationsPerMonth: 100 },
  pro: { goalsPerMonth: UNLIMITED, aiGenerationsPerMonth: 300 },
  team: { goalsPerMonth: UNLIMITED, aiGenerationsPerMonth: 300 },
};

/** Prices in US cents per month, reading A of spec section 9. */
export const planPriceCentsByTier: Readonly<Record<SubscriptionTier, number>> = {
  free: 0,
  starter: 500,
  pro: 1200,
  // DECISION: the spec names a team tier but gives no price. 29 USD per month places it clearly above
  // pro (12 USD) for a plan bought on behalf of several people; change it here when pricing is decided.
  team: 2900,
  lite: 300,
  basic: 600,
};

/** 0 => 'Free'; whole dollars => '$5/month'; otherwise two decimals => '$4.99/month'. */
export function formatPriceDisplay(priceCents: number): string {
  if (priceCents <= 0) return 'Free';
  const dollars = priceCents / 100;
  const amount = Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);
  return `$${amount}/month`;
}

type PlanCopy = Omit<
  PlanDefinition,
  'id' | 'priceCents' | 'priceDisplay' | 'stripePriceId' | 'limits' | 'purchasable' | 'features'
>;

const planCopy: Readonly<Record<SubscriptionTier, PlanCopy>> = {
  free: {
    name: 'Free',
    headline: 'Start with one goal',
    subheadline: 'Everything you need to try Stride',
    description: 'One new goal a month, with AI task breakdowns to get you moving.',
    bestFor: 'Trying Stride with a single goal',
    popular: false,
    legacy: false,
  },
  starter: {
    name: 'Starter',
    headline: 'Room for the goals that matter',
    subheadline: 'Ten goals and a hundred AI breakdowns every month',
    description: 'More goals and AI breakdowns every month, and the tools to keep them on track.',
    bestFor: 'People working on a few goals at once',
    valueProposition: 'Ten times the goals of Free for the price of a coffee.',
    popular: false,
    legacy: false,
  },
  pro: {
    name: 'Pro',
    headline: 'No limits on your ambition',
    subheadline: 'Unlimited goals and 300 AI breakdowns a month',
    description: 'No goal limit, the most AI breakdowns, and support that answers first.',
    bestFor: 'Power users planning every area of life',
    valueProposition: 'Never hit a goal limit again.',
    popular: true,
    legacy: false,
  },
  team: {
    name: 'Team',
    headline: 'Pro for the whole team',
    subheadline: 'Unlimited goals and 300 AI breakdowns a month',
    description: 'Everything in Pro, on one plan bought for a team.',
    bestFor: 'Teams that plan and track goals together',
    popular: false,
    legacy: false,
  },
  // The legacy plans are described by what they include, like every plan (issue 13, item 6): they are
  // no longer sold (the pricing page and the upgrade dialog leave them out), only honoured.
  lite: {
    name: 'Lite',
    headline: 'Lite',
    subheadline: 'Ten goals and a hundred AI breakdowns every month',
    description: '10 new goals and 100 AI breakdowns a month.',
    bestFor: 'Existing Lite customers',
    popular: false,
    legacy: true,
  },
  basic: {
    name: 'Basic',
    headline: 'Basic',
    subheadline: 'Ten goals and a hundred AI breakdowns every month',
    description: '10 new goals and 100 AI breakdowns a month.',
    bestFor: 'Existing Basic customers',
    popular: false,
    legacy: true,
  },
};

export type PlanCatalogue = Readonly<Record<SubscriptionTier, PlanDefinition>>;

/**
 * Builds the catalogue with the configured price identifiers. Tiers without an entry (or with an empty
 * one) get `stripePriceId: null` and are not purchasable. Free is never purchasable.
 */
export function buildPlanCatalogue(priceIds: Partial<Record<SubscriptionTier, string>> = {}): PlanCatalogue {
  const entries = subscriptionTiers.map((tier): [SubscriptionTier, PlanDefinition] => {
    const configured = priceIds[tier]?.trim();
    const stripePriceId = configured ? configured : null;
    const priceCents = planPriceCentsByTier[tier];
    const plan: PlanDefinition = {
      id: tier,
      ...planCopy[tier],
      priceCents,
      priceDisplay: formatPriceDisplay(priceCents),
      stripePriceId,
      limits: planLimitsByTier[tier],
      features: planFeatures(planLimitsByTier[tier], planGatesByTier[tier]),
      purchasable: priceCents > 0 && stripePriceId !== null,
    };
    return [tier, plan];
  });
  return Object.fromEntries(entries) as Record<SubscriptionTier, PlanDefinition>;
}

/** The plans shown on the pricing page: the current (non-legacy) ones, cheapest first. */
export function pricingPagePlans(catalogue: PlanCatalogue): PlanDefinition[] {
  return subscriptionTiers
    .map((tier) => catalogue[tier])
    .filter((plan) => !plan.legacy)
    .sort((a, b) => a.priceCents - b.priceCents);
}

/** The plan whose configured price identifier this is (for checkout webhooks); null when none. */
export function planForPriceId(catalogue: PlanCatalogue, priceId: string): PlanDefinition | null {
  return subscriptionTiers.map((tier) => catalogue[tier]).find((plan) => plan.stripePriceId === priceId) ?? null;
}
