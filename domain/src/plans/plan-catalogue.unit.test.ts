import { describe, expect, it } from 'vitest';
import {
  buildPlanCatalogue,
  formatPriceDisplay,
  planForPriceId,
  pricingPagePlans,
  subscriptionTiers,
} from './plan-catalogue';
import { subscriptionTierSchema } from './subscription-tiers';

describe('plan catalogue', () => {
  describe('given no configured price identifiers', () => {
    const catalogue = buildPlanCatalogue({});

    it('when built, then every tier has a plan with a null price id and nothing is purchasable', () => {
      for (const tier of subscriptionTiers) {
        expect(catalogue[tier].id).toBe(tier);
        expect(catalogue[tier].stripePriceId).toBeNull();
        expect(catalogue[tier].purchasable).toBe(false);
      }
    });

    it('then prices follow reading A of the spec, with team at the documented 29 USD decision', () => {
      const prices = Object.fromEntries(subscriptionTiers.map((tier) => [tier, catalogue[tier].priceCents]));
      expect(prices).toEqual({ free: 0, starter: 500, pro: 1200, team: 2900, lite: 300, basic: 600 });
      expect(catalogue.free.priceDisplay).toBe('Free');
      expect(catalogue.starter.priceDisplay).toBe('$5/month');
      expect(catalogue.pro.priceDisplay).toBe('$12/month');
      expect(catalogue.lite.priceDisplay).toBe('$3/month');
    });

    it('then limits follow spec section 6 (-1 = unlimited)', () => {
      expect(catalogue.free.limits).toEqual({ goalsPerMonth: 1, aiGenerationsPerMonth: 3 });
      for (const tier of ['starter', 'lite', 'basic'] as const) {
        expect(catalogue[tier].limits).toEqual({ goalsPerMonth: 10, aiGenerationsPerMonth: 100 });
      }
      for (const tier of ['pro', 'team'] as const) {
        expect(catalogue[tier].limits).toEqual({ goalsPerMonth: -1, aiGenerationsPerMonth: 300 });
      }
    });

    it('then only lite and basic are legacy and only pro is marked popular', () => {
      expect(subscriptionTiers.filter((tier) => catalogue[tier].legacy)).toEqual(['lite', 'basic']);
      expect(subscriptionTiers.filter((tier) => catalogue[tier].popular)).toEqual(['pro']);
    });

    it('then the features follow spec section 9, generated from limits and gates (plan-features.unit.test.ts)', () => {
      expect(catalogue.lite.features.slice(0, 2)).toEqual(['10 new goals a month', '100 AI breakdowns a month']);
      // The upgrade dialog shows the first three features: for pro they must be what sets it apart.
      expect(catalogue.pro.features.slice(0, 3)).toEqual([
        'Unlimited goals',
        '300 AI breakdowns a month',
        'Analytics dashboard, any date range',
      ]);
    });

    it('then every plan has its copy filled in', () => {
      for (const tier of subscriptionTiers) {
        const plan = catalogue[tier];
        for (const text of [plan.name, plan.headline, plan.subheadline, plan.description, plan.bestFor]) {
          expect(text.trim().length).toBeGreaterThan(0);
        }
      }
    });
  });

  describe('given price identifiers from configuration', () => {
    const catalogue = buildPlanCatalogue({
      free: 'price_free',
      starter: 'price_s',
      pro: ' price_p ',
      basic: 'price_b',
      team: '',
    });

    it('when built, then paid tiers carry their identifier and become purchasable', () => {
      expect(catalogue.starter.stripePriceId).toBe('price_s');
      expect(catalogue.starter.purchasable).toBe(true);
      expect(catalogue.pro.stripePriceId).toBe('price_p');
      expect(catalogue.basic.purchasable).toBe(true);
    });

    it('then a blank identifier counts as not configured and free is never purchasable', () => {
      expect(catalogue.team.stripePriceId).toBeNull();
      expect(catalogue.team.purchasable).toBe(false);
      expect(catalogue.free.purchasable).toBe(false);
    });

    it('then a price identifier leads back to its plan', () => {
      expect(planForPriceId(catalogue, 'price_p')?.id).toBe('pro');
      expect(planForPriceId(catalogue, 'price_unknown')).toBeNull();
    });
  });

  describe('given the pricing page', () => {
    it('when listing plans, then legacy plans are hidden and the rest go cheapest first', () => {
      expect(pricingPagePlans(buildPlanCatalogue()).map((plan) => plan.id)).toEqual(['free', 'starter', 'pro', 'team']);
    });
  });

  describe('given prices in cents', () => {
    it('when displayed, then zero is Free, whole dollars have no decimals and others have two', () => {
      expect(formatPriceDisplay(0)).toBe('Free');
      expect(formatPriceDisplay(900)).toBe('$9/month');
      expect(formatPriceDisplay(499)).toBe('$4.99/month');
    });
  });

  describe('given tier names', () => {
    it('when validated, then only the six tiers are accepted', () => {
      expect(subscriptionTierSchema.safeParse('team').success).toBe(true);
      expect(subscriptionTierSchema.safeParse('enterprise').success).toBe(false);
      expect([...subscriptionTiers].sort()).toEqual([...subscriptionTierSchema.options].sort());
    });
  });
});
