import { describe, expect, it } from 'vitest';
import {
  canCreateGoal,
  canUseAi,
  hasProAnalytics,
  isUnlimited,
  limitsForTier,
  parseTier,
  remaining,
  showsHeaderUpgradeButton,
  upgradeOptionsFor,
  usageBarThresholds,
  usageIndicatorThresholds,
  usageLevel,
} from './limits';

describe('tier limits', () => {
  describe('given a tier name', () => {
    it.each([
      ['free', 1, 3],
      ['starter', 10, 100],
      ['lite', 10, 100],
      ['basic', 10, 100],
      ['pro', -1, 300],
      ['team', -1, 300],
    ])('when %s, then %i goals and %i AI per month', (tier, goals, ai) => {
      expect(limitsForTier(tier)).toEqual({ goalsPerMonth: goals, aiGenerationsPerMonth: ai });
    });

    it.each(['enterprise', '', null, undefined])('when unknown (%s), then it is treated as free', (tier) => {
      expect(parseTier(tier)).toBe('free');
      expect(limitsForTier(tier)).toEqual(limitsForTier('free'));
    });

    it('when written in another case, then it is still recognised', () => {
      expect(parseTier(' Pro ')).toBe('pro');
    });
  });

  describe('given limits', () => {
    it('when -1 (or any negative), then unlimited; when 0 or more, then limited', () => {
      expect(isUnlimited(-1)).toBe(true);
      expect(isUnlimited(0)).toBe(false);
      expect(isUnlimited(10)).toBe(false);
    });

    it('when counting what is left, then unlimited is null and the rest never goes negative', () => {
      expect(remaining(3, -1)).toBeNull();
      expect(remaining(3, 10)).toBe(7);
      expect(remaining(12, 10)).toBe(0);
    });
  });

  describe('given the monthly goal counter', () => {
    it('when a free user has created no goal, then one more is allowed; after one, none', () => {
      expect(canCreateGoal({ tier: 'free', goalsThisMonth: 0 })).toBe(true);
      expect(canCreateGoal({ tier: 'free', goalsThisMonth: 1 })).toBe(false);
    });

    it('when a starter user is at 9 or 10, then the 10th is allowed and the 11th is not', () => {
      expect(canCreateGoal({ tier: 'starter', goalsThisMonth: 9 })).toBe(true);
      expect(canCreateGoal({ tier: 'starter', goalsThisMonth: 10 })).toBe(false);
    });

    it('when pro or team, then goals are never limited', () => {
      expect(canCreateGoal({ tier: 'pro', goalsThisMonth: 10_000 })).toBe(true);
      expect(canCreateGoal({ tier: 'team', goalsThisMonth: 10_000 })).toBe(true);
    });

    it('when the tier is unknown, then the free limit applies', () => {
      expect(canCreateGoal({ tier: 'mystery', goalsThisMonth: 1 })).toBe(false);
    });
  });

  describe('given the monthly AI counter', () => {
    it('when below the limit, then AI is allowed; at the limit, then not', () => {
      expect(canUseAi({ tier: 'free', aiThisMonth: 2 })).toBe(true);
      expect(canUseAi({ tier: 'free', aiThisMonth: 3 })).toBe(false);
      expect(canUseAi({ tier: 'pro', aiThisMonth: 299 })).toBe(true);
      expect(canUseAi({ tier: 'pro', aiThisMonth: 300 })).toBe(false);
      expect(canUseAi({ tier: 'basic', aiThisMonth: 100 })).toBe(false);
    });
  });

  describe('given usage shown to the user', () => {
    it('when the header indicator, then it warns from 80% and is full at 100%', () => {
      expect(usageLevel(7, 10, usageIndicatorThresholds)).toBe('ok');
      expect(usageLevel(8, 10, usageIndicatorThresholds)).toBe('warning');
      expect(usageLevel(10, 10, usageIndicatorThresholds)).toBe('full');
      expect(usageLevel(11, 10, usageIndicatorThresholds)).toBe('full');
    });

    it('when the profile bars, then they warn from 90%', () => {
      expect(usageLevel(8, 10, usageBarThresholds)).toBe('ok');
      expect(usageLevel(270, 300, usageBarThresholds)).toBe('warning');
      expect(usageLevel(300, 300, usageBarThresholds)).toBe('full');
    });

    it('when unlimited, then always ok; when the limit is 0, then always full', () => {
      expect(usageLevel(1_000, -1, usageIndicatorThresholds)).toBe('ok');
      expect(usageLevel(0, 0, usageIndicatorThresholds)).toBe('full');
    });
  });

  describe('given the upgrade dialog', () => {
    it('when the user is on lite, then only pro is offered, as recommended', () => {
      expect(upgradeOptionsFor('lite')).toEqual([{ tier: 'pro', recommended: true }]);
    });

    it.each(['free', 'starter', 'basic', 'unknown'])(
      'when the user is on %s, then basic and pro are offered with pro recommended',
      (tier) => {
        expect(upgradeOptionsFor(tier)).toEqual([
          { tier: 'basic', recommended: false },
          { tier: 'pro', recommended: true },
        ]);
      },
    );
  });

  describe('given the account menu and header', () => {
    it.each([
      ['pro', true],
      ['team', true],
      ['starter', false],
      ['free', false],
      ['lite', false],
      ['nonsense', false],
    ])('when the tier is %s, then pro analytics are included: %s', (tier, included) => {
      expect(hasProAnalytics(tier)).toBe(included);
    });

    it('when free or lite, then the header shows an Upgrade button; otherwise not', () => {
      expect(showsHeaderUpgradeButton('free')).toBe(true);
      expect(showsHeaderUpgradeButton('lite')).toBe(true);
      expect(showsHeaderUpgradeButton('starter')).toBe(false);
      expect(showsHeaderUpgradeButton('pro')).toBe(false);
    });
  });
});
