import { limitsForTier } from '@stride/domain/plans/limits';
import { streamIds } from '@stride/domain/stream-ids';
import { usageDecider } from '@stride/domain/usage/usage-decider';
import type { UsageEvent, UsageState } from '@stride/domain/usage/usage-events';
import { usageMonthOf } from '@stride/domain/usage/usage-month';
import { getUsageSnapshot, getUsageSnapshotWithTimeZone } from '@stride/projections/usage/queries/get-usage-snapshot';
import { getUserTimeZone } from '@stride/projections/users/queries/get-user-time-zone';
import type { Queryable } from '@stride/platform/postgres/pool';
import type { Services } from '../../services';
import type { KeptReads, StreamTarget } from '../command-handler';

/** The counters for the current month. Counters of an earlier month read as 0 (that month is over). */
export interface UsageSnapshot {
  readonly currentMonth: string;
  readonly goalsThisMonth: number;
  readonly aiGenerationsThisMonth: number;
  readonly lastResetDate: string | null;
}

/** The counters as of `now` in the user's time zone (UTC by default). */
export const snapshotOf = (state: UsageState, now: Date, timeZone?: string): UsageSnapshot => {
  const month = usageMonthOf(now, timeZone);
  const current = state.month !== null && state.month >= month;
  return {
    currentMonth: current ? (state.month ?? month) : month,
    goalsThisMonth: current ? state.goalsThisMonth : 0,
    aiGenerationsThisMonth: current ? state.aiGenerationsThisMonth : 0,
    lastResetDate: state.lastResetDate,
  };
};

/**
 * The user's usage stream as a command target. Its state comes from the usage counters row, which every
 * usage event's transaction keeps (with the stream version it reflects): deciding a limit reads one row,
 * never the stream's history, and the append's version check keeps limits exact under concurrency.
 */
export const usageTarget = (userId: string): StreamTarget<UsageState, UsageEvent> => ({
  streamId: streamIds.usage(userId),
  decider: usageDecider,
  snapshot: (db) => getUsageSnapshot(db, userId),
});

/**
 * As `usageTarget`, reading the user's time zone and the version of their billing stream in the same round
 * trip as the counters row (inside the command's turn, so never before a queued command of the same user
 * has committed): `timeZone()` is the zone of the read the command decides on and `tier()` the tier whose
 * limits apply (billing's state at that version: no read of its own when the command handler holds it). A
 * retry reads them all again. After this process's own append, the next command of the user reads nothing
 * first: it decides on the counters the append left, the zone kept with them and the tier of the billing
 * version kept with them, and its append checks that the user's and billing streams are still at those
 * versions (the target's read set; when one has moved on, the command decides again on fresh reads).
 */
export function usageTargetWithTimeZone(
  services: Services,
  userId: string,
): {
  readonly target: StreamTarget<UsageState, UsageEvent>;
  readonly timeZone: () => string;
  readonly tier: () => string;
} {
  let read: { timeZone: string; tier: string } | null = null;
  let kept: KeptReads | null = null;
  const current = () => {
    if (read === null) throw new Error('The usage target was not read yet');
    return read;
  };
  // The tier is worked out again from the billing state at that version each time: it changes with time
  // alone (a grace period ends), not only with the stream.
  const decideOn = async (reads: UsageReads, db: Queryable) => {
    read = {
      timeZone: reads.timeZone,
      tier: await services.billing.effectiveTierAtVersion(userId, reads.billingVersion, db),
    };
  };
  return {
    target: {
      ...usageTarget(userId),
      snapshot: async (db) => {
        const { snapshot, timeZone, billingVersion, userVersion } = await getUsageSnapshotWithTimeZone(db, userId);
        const reads: UsageReads = { timeZone, billingVersion };
        kept = {
          versions: [
            [streamIds.user(userId), userVersion],
            [streamIds.billing(userId), billingVersion],
          ],
          values: reads,
        };
        await decideOn(reads, db);
        return snapshot;
      },
      readSet: {
        kept: () => kept,
        reuse: async (reads, db) => {
          kept = reads;
          await decideOn(reads.values as UsageReads, db);
        },
      },
    },
    timeZone: () => current().timeZone,
    tier: () => current().tier,
  };
}

/** What a limited command reads besides the counters: the user's time zone, and their billing stream's version. */
interface UsageReads {
  readonly timeZone: string;
  readonly billingVersion: number;
}

/** The user's time zone, in which usage months begin (UTC when none is recorded). */
export const usageTimeZoneOf = (services: Services, userId: string): Promise<string> =>
  getUserTimeZone(services.pool, userId);

/** The user's counters now (from the counters row), in their time zone. */
export async function loadUsage(services: Services, userId: string): Promise<UsageSnapshot> {
  const [snapshot, timeZone] = await Promise.all([
    getUsageSnapshot(services.pool, userId),
    usageTimeZoneOf(services, userId),
  ]);
  return snapshotOf(snapshot?.state ?? usageDecider.initialState(), services.clock(), timeZone);
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
