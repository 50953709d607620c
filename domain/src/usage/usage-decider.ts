import { isBelowLimit, limitsForTier } from '../plans/limits';
import { createEvent } from '../shared/create-event';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { assertNever, type Command, type CommandMetadata } from '../shared/event';
import {
  aiGenerationCounted,
  evolve,
  goalCounted,
  initialState,
  usageMonthReset,
  type UsageEvent,
  type UsageState,
} from './usage-events';
import { usageMonthOf } from './usage-month';

/** The user's IANA time zone: the usage month is the month where the user lives (UTC when absent). */
interface InZone {
  readonly timeZone?: string;
}
/** `tier` is the caller's plan as stored (any string; unknown tiers count as free). */
export type CountGoal = Command<'CountGoal', { tier: string; goalId: string } & InZone>;
export type CountAiGeneration = Command<'CountAiGeneration', { tier: string; goalId: string | null } & InZone>;
/** Returns no events when the month is current: the API answers `reset: false` then. */
export type CheckAndResetMonth = Command<'CheckAndResetMonth', InZone>;

export type UsageCommand = CountGoal | CountAiGeneration | CheckAndResetMonth;

/**
 * A command in a later usage month (usageMonthOf: the user's zone, UTC by default) than the counters first
 * resets them. An earlier month (clock skew between servers at a month boundary, or a zone moved west)
 * does not reset back: counters never move to a past month.
 */
const resetIfNewMonth = (state: UsageState, { now }: CommandMetadata, timeZone: string | undefined): UsageEvent[] => {
  const month = usageMonthOf(now, timeZone);
  if (state.month !== null && month <= state.month) return [];
  return [createEvent(usageMonthReset, { month, previousMonth: state.month, resetAt: now.toISOString() })];
};

const requireBelowLimit = (used: number, limit: number, tier: string, kind: 'goals' | 'ai'): void => {
  if (isBelowLimit(used, limit)) return;
  const what = kind === 'goals' ? 'goal' : 'AI generation';
  throw new DomainError('limit_reached', `Monthly ${what} limit reached for the ${tier} plan`, {
    field: kind,
    limit,
    used,
    tier,
  });
};

export const decide = (command: UsageCommand, state: UsageState): UsageEvent[] => {
  const reset = resetIfNewMonth(state, command.metadata, command.data.timeZone);
  const current = reset.reduce(evolve, state);
  // Counts go to the counters' month, which the reset (if any) has just set.
  const month = current.month ?? usageMonthOf(command.metadata.now, command.data.timeZone);
  switch (command.type) {
    case 'CheckAndResetMonth':
      return reset;
    case 'CountGoal': {
      const { tier, goalId } = command.data;
      requireBelowLimit(current.goalsThisMonth, limitsForTier(tier).goalsPerMonth, tier, 'goals');
      return [...reset, createEvent(goalCounted, { month, goalId })];
    }
    case 'CountAiGeneration': {
      const { tier, goalId } = command.data;
      requireBelowLimit(current.aiGenerationsThisMonth, limitsForTier(tier).aiGenerationsPerMonth, tier, 'ai');
      return [...reset, createEvent(aiGenerationCounted, { month, goalId, units: 1 })];
    }
    default:
      return assertNever(command);
  }
};

export const usageDecider: Decider<UsageState, UsageCommand, UsageEvent> = { initialState, decide, evolve };
