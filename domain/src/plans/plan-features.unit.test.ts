import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPlanCatalogue, planLimitsByTier } from './plan-catalogue';
import { analyticsDaysFor, hasAnalyticsDashboard, hasProAnalytics, hasTemplates } from './limits';
import { aiPerMonthText, goalsPerMonthText, planFeatures, planGatesByTier } from './plan-features';
import { subscriptionTierValues } from './subscription-tiers';

const catalogue = buildPlanCatalogue({});

describe('plan features are generated from the plan’s limits and gates (issue 13, items 5 and 6)', () => {
  it('given Starter, then the list states its limits, the 30-day dashboard and templates', () => {
    expect(catalogue.starter.features).toEqual([
      '10 new goals a month',
      '100 AI breakdowns a month',
      'Analytics dashboard (last 30 days)',
      'Goal templates, and your own',
      'Progress tracking',
      'Energy-based task workflow',
      'Mobile and desktop access',
      'Email support',
    ]);
  });

  it('given Free, then one goal CREATED per month, never "active goals", and no dashboard', () => {
    expect(catalogue.free.features.slice(0, 2)).toEqual(['1 new goal a month', '3 AI breakdowns a month']);
    expect(catalogue.free.features.join(' ')).not.toMatch(/active goal|dashboard|template/i);
  });

  it('given Pro and Team, then unlimited goals, any-range analytics and priority support', () => {
    for (const tier of ['pro', 'team'] as const) {
      expect(catalogue[tier].features).toEqual(
        expect.arrayContaining(['Unlimited goals', 'Analytics dashboard, any date range', 'Priority email support']),
      );
    }
  });

  it('never describes a plan on sale or honoured as "legacy ... kept for existing customers"', () => {
    for (const tier of subscriptionTierValues) {
      const plan = catalogue[tier];
      expect(`${plan.headline} ${plan.description}`).not.toMatch(/legacy|kept for existing/i);
    }
  });

  it('every line a plan promises is backed by the rule the code reads (property over all tiers)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...subscriptionTierValues), (tier) => {
        const lines = catalogue[tier].features;
        expect(lines.some((line) => line.startsWith('Analytics dashboard'))).toBe(hasAnalyticsDashboard(tier));
        expect(lines.includes('Analytics dashboard, any date range')).toBe(hasProAnalytics(tier));
        const days = analyticsDaysFor(tier);
        if (days !== null && days > 0) expect(lines).toContain(`Analytics dashboard (last ${days} days)`);
        expect(lines.some((line) => /template/i.test(line))).toBe(hasTemplates(tier));
        expect(lines[0]).toBe(goalsPerMonthText(planLimitsByTier[tier].goalsPerMonth));
        expect(lines[1]).toBe(aiPerMonthText(planLimitsByTier[tier].aiGenerationsPerMonth));
        expect(lines).toEqual(planFeatures(planLimitsByTier[tier], planGatesByTier[tier]));
      }),
    );
  });

  it('words limits in one way', () => {
    expect(goalsPerMonthText(1)).toBe('1 new goal a month');
    expect(goalsPerMonthText(-1)).toBe('Unlimited goals');
    expect(aiPerMonthText(300)).toBe('300 AI breakdowns a month');
  });
});
