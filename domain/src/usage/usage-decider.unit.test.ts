import { describe, it } from 'vitest';
import type { CommandMetadata } from '../shared/event';
import { deciderSpec } from '../testing/decider-spec';
import { usageDecider } from './usage-decider';
import type { UsageEvent } from './usage-events';

const spec = deciderSpec(usageDecider);

const MARCH = '2025-03';
const inMarch: CommandMetadata = { now: new Date('2025-03-10T10:00:00.000Z'), userId: 'user_1' };
const inApril: CommandMetadata = { now: new Date('2025-04-01T00:00:00.000Z'), userId: 'user_1' };

/** A month's usage: its reset, then the given numbers of counted goals and AI generations. */
const usageIn = (month: string, goals: number, aiGenerations = 0): UsageEvent[] => [
  { type: 'UsageMonthReset', data: { month, previousMonth: null, resetAt: `${month}-01T00:00:00.000Z` } },
  ...Array.from({ length: goals }, (_, index): UsageEvent => ({
    type: 'GoalCounted',
    data: { month, goalId: `goal_${index}` },
  })),
  ...Array.from({ length: aiGenerations }, (): UsageEvent => ({
    type: 'AiGenerationCounted',
    data: { month, goalId: null, units: 1 },
  })),
];

const goalCounted: UsageEvent = { type: 'GoalCounted', data: { month: MARCH, goalId: 'goal_new' } };
const aiCounted: UsageEvent = { type: 'AiGenerationCounted', data: { month: MARCH, goalId: 'goal_1', units: 1 } };

const goalLimits = [
  ['free', 1],
  ['starter', 10],
  ['lite', 10],
  ['basic', 10],
  ['enterprise (unknown, so free)', 1],
] as const;
const aiLimits = [
  ['free', 3],
  ['starter', 100],
  ['lite', 100],
  ['basic', 100],
  ['pro', 300],
  ['team', 300],
  ['enterprise (unknown, so free)', 3],
] as const;

describe('Usage decider', () => {
  describe('CountGoal limits', () => {
    it.each(goalLimits)(
      'given %s with one goal below its limit of %i, when CountGoal, then GoalCounted',
      (tier, limit) => {
        spec
          .given(usageIn(MARCH, limit - 1))
          .when({ type: 'CountGoal', data: { tier, goalId: 'goal_new' }, metadata: inMarch })
          .then([goalCounted]);
      },
    );

    it.each(goalLimits)('given %s at its limit of %i goals, when CountGoal, then limit_reached', (tier, limit) => {
      spec
        .given(usageIn(MARCH, limit))
        .when({ type: 'CountGoal', data: { tier, goalId: 'goal_new' }, metadata: inMarch })
        .thenThrows('limit_reached', `Monthly goal limit reached for the ${tier} plan`, {
          field: 'goals',
          limit,
          used: limit,
          tier,
        });
    });

    it('given free over its limit, when CountGoal, then limit_reached', () => {
      spec
        .given(usageIn(MARCH, 2))
        .when({ type: 'CountGoal', data: { tier: 'free', goalId: 'goal_new' }, metadata: inMarch })
        .thenThrows('limit_reached', undefined, { limit: 1, used: 2 });
    });

    it.each(['pro', 'team'])('given %s (unlimited, -1) with 500 goals, when CountGoal, then GoalCounted', (tier) => {
      spec
        .given(usageIn(MARCH, 500))
        .when({ type: 'CountGoal', data: { tier, goalId: 'goal_new' }, metadata: inMarch })
        .then([goalCounted]);
    });
  });

  describe('CountAiGeneration limits', () => {
    it.each(aiLimits)(
      'given %s one below its limit of %i, when CountAiGeneration, then AiGenerationCounted',
      (tier, limit) => {
        spec
          .given(usageIn(MARCH, 0, limit - 1))
          .when({ type: 'CountAiGeneration', data: { tier, goalId: 'goal_1' }, metadata: inMarch })
          .then([aiCounted]);
      },
    );

    it.each(aiLimits)('given %s at its limit of %i, when CountAiGeneration, then limit_reached', (tier, limit) => {
      spec
        .given(usageIn(MARCH, 0, limit))
        .when({ type: 'CountAiGeneration', data: { tier, goalId: 'goal_1' }, metadata: inMarch })
        .thenThrows('limit_reached', `Monthly AI generation limit reached for the ${tier} plan`, {
          field: 'ai',
          limit,
          used: limit,
          tier,
        });
    });

    it('given AI use not tied to a goal, when CountAiGeneration, then AiGenerationCounted without a goal', () => {
      spec
        .given(usageIn(MARCH, 0))
        .when({ type: 'CountAiGeneration', data: { tier: 'free', goalId: null }, metadata: inMarch })
        .then([{ type: 'AiGenerationCounted', data: { month: MARCH, goalId: null, units: 1 } }]);
    });
  });

  describe('month rollover', () => {
    const aprilReset: UsageEvent = {
      type: 'UsageMonthReset',
      data: { month: '2025-04', previousMonth: MARCH, resetAt: '2025-04-01T00:00:00.000Z' },
    };

    it('given no usage yet, when CheckAndResetMonth, then UsageMonthReset starting the month', () => {
      spec
        .given([])
        .when({ type: 'CheckAndResetMonth', data: {}, metadata: inMarch })
        .then([
          { type: 'UsageMonthReset', data: { month: MARCH, previousMonth: null, resetAt: '2025-03-10T10:00:00.000Z' } },
        ]);
    });

    it('given usage this month, when CheckAndResetMonth, then no events (reset: false)', () => {
      spec
        .given(usageIn(MARCH, 1, 2))
        .when({ type: 'CheckAndResetMonth', data: {}, metadata: inMarch })
        .then([]);
    });

    it("given last month's usage, when CheckAndResetMonth, then UsageMonthReset", () => {
      spec
        .given(usageIn(MARCH, 1, 2))
        .when({ type: 'CheckAndResetMonth', data: {}, metadata: inApril })
        .then([aprilReset]);
    });

    it("given free at last month's limit, when CountGoal in a new month, then UsageMonthReset and GoalCounted", () => {
      spec
        .given(usageIn(MARCH, 1, 3))
        .when({ type: 'CountGoal', data: { tier: 'free', goalId: 'goal_new' }, metadata: inApril })
        .then([aprilReset, { type: 'GoalCounted', data: { month: '2025-04', goalId: 'goal_new' } }]);
    });

    it("given free at last month's AI limit, when CountAiGeneration in a new month, then reset and counted", () => {
      spec
        .given(usageIn(MARCH, 0, 3))
        .when({ type: 'CountAiGeneration', data: { tier: 'free', goalId: null }, metadata: inApril })
        .then([aprilReset, { type: 'AiGenerationCounted', data: { month: '2025-04', goalId: null, units: 1 } }]);
    });

    it('given usage this month, when a command is stamped in the previous month (clock skew), then no reset', () => {
      const lateMarch: CommandMetadata = { ...inApril, now: new Date('2025-03-31T23:59:59.999Z') };
      spec.given(usageIn('2025-04', 0)).when({ type: 'CheckAndResetMonth', data: {}, metadata: lateMarch }).then([]);
    });

    it('given usage this month, when the local time is still the old month but UTC is the new one, then it resets', () => {
      const utcApril: CommandMetadata = { ...inMarch, now: new Date('2025-03-31T23:30:00.000-02:00') };
      spec
        .given(usageIn(MARCH, 1))
        .when({ type: 'CheckAndResetMonth', data: {}, metadata: utcApril })
        .then([
          {
            type: 'UsageMonthReset',
            data: { month: '2025-04', previousMonth: MARCH, resetAt: '2025-04-01T01:30:00.000Z' },
          },
        ]);
    });
  });

  describe("the user's time zone", () => {
    // 03:00 UTC on April 1st is still March 31st (20:00) in Los Angeles.
    const earlyAprilUtc: CommandMetadata = { now: new Date('2025-04-01T03:00:00.000Z'), userId: 'user_1' };

    it('given free at its March limit, when CountGoal at 20:00 on March 31st in Los Angeles, then limit_reached', () => {
      spec
        .given(usageIn(MARCH, 1))
        .when({
          type: 'CountGoal',
          data: { tier: 'free', goalId: 'goal_new', timeZone: 'America/Los_Angeles' },
          metadata: earlyAprilUtc,
        })
        .thenThrows('limit_reached', undefined, { limit: 1, used: 1 });
    });

    it('given the same usage and instant in UTC, when CountGoal, then April begins', () => {
      spec
        .given(usageIn(MARCH, 1))
        .when({
          type: 'CountGoal',
          data: { tier: 'free', goalId: 'goal_new', timeZone: 'UTC' },
          metadata: earlyAprilUtc,
        })
        .then([
          {
            type: 'UsageMonthReset',
            data: { month: '2025-04', previousMonth: MARCH, resetAt: '2025-04-01T03:00:00.000Z' },
          },
          { type: 'GoalCounted', data: { month: '2025-04', goalId: 'goal_new' } },
        ]);
    });

    it('given March usage, when CheckAndResetMonth at 00:30 on April 1st in Berlin (still March in UTC), then reset', () => {
      spec
        .given(usageIn(MARCH, 1))
        .when({
          type: 'CheckAndResetMonth',
          data: { timeZone: 'Europe/Berlin' },
          metadata: { now: new Date('2025-03-31T22:30:00.000Z'), userId: 'user_1' },
        })
        .then([
          {
            type: 'UsageMonthReset',
            data: { month: '2025-04', previousMonth: MARCH, resetAt: '2025-03-31T22:30:00.000Z' },
          },
        ]);
    });
  });
});
