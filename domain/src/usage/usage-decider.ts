import { isBelowLimit, limitsForTier } from '../plans/limits';
import { createEvent } from '../shared/create-event';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { assertNever, type Command, type CommandMetadata } from '../shared/event';
import { monthOf } from '../shared/month';
import {
  aiGenerationCounted,
  evolve,
  goalCounted,
  initialState,
  usageMonthReset,
  type UsageEvent,
  type UsageState,
} from './usage-events';

/** `tier` is the caller's plan as stored (any string; unknown tiers count as free). */
export type CountGoal = Command<'CountGoal', { tier: string; goalId: string }>;
export type CountAiGeneration = Command<'CountAiGeneration', { tier: string; goalId: string | null }>;
/** Returns no events when the month is current: the API answers `reset: false` then. */
export type CheckAndResetMonth = Command<'CheckAndResetMonth', Record<string, never>>;

export type UsageCommand = CountGoal | CountAiGeneration | CheckAndResetMonth;

/**
 * A command in a later UTC month than the counters first resets them. An earlier month (clock skew
 * between servers at a month boundary) does not reset back: counters never move to a past month.
 */
const resetIfNewMonth = (state: UsageState, { now }: CommandMetadata): UsageEvent[] => {
  const month = monthOf(now);
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
  const reset = resetIfNewMonth(state, command.metadata);
  const current = reset.reduce(evolve, state);
  // Counts go to the counters' month, which the reset (if any) has just set.
  const month = current.month ?? monthOf(command.metadata.now);
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
