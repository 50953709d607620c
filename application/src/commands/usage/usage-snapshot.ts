import { limitsForTier } from '@stride/domain/plans/limits';
import { monthOf } from '@stride/domain/shared/month';
import { streamIds } from '@stride/domain/stream-ids';
import { usageDecider } from '@stride/domain/usage/usage-decider';
import type { UsageState } from '@stride/domain/usage/usage-events';
import type { Services } from '../../services';

/** The counters for the current month. Counters of an earlier month read as 0 (that month is over). */
export interface UsageSnapshot {
  readonly currentMonth: string;
  readonly goalsThisMonth: number;
  readonly aiGenerationsThisMonth: number;
  readonly lastResetDate: string | null;
}

export const snapshotOf = (state: UsageState, now: Date): UsageSnapshot => {
  const month = monthOf(now);
  const current = state.month !== null && state.month >= month;
  return {
    currentMonth: current ? (state.month ?? month) : month,
    goalsThisMonth: current ? state.goalsThisMonth : 0,
    aiGenerationsThisMonth: current ? state.aiGenerationsThisMonth : 0,
    lastResetDate: state.lastResetDate,
  };
};

/** Authoritative counters: folded from the usage stream itself, not from a read model. */
export async function loadUsage(
  services: Services,
  userId: string,
): Promise<UsageSnapshot & { position: number | null }> {
  const { state, position } = await services.commands.load(streamIds.usage(userId), usageDecider);
  return { ...snapshotOf(state, services.clock()), position };
}

/**
 * The tier whose usage limits apply to the user now: billing's own answer from the billing stream (free
 * at once when canceled or past the grace period).
 */
export async function limitTierOf(services: Services, userId: string): Promise<string> {
  return services.billing.effectiveTier(userId);
}

/** The caller's tier and its monthly limits (-1 = unlimited). */
export async function loadLimits(services: Services, userId: string) {
  const tier = await limitTierOf(services, userId);
  return { tier, ...limitsForTier(tier) };
}
