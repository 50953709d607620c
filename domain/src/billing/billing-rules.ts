import type { BillingState, DowngradeReason } from './billing-events';
import type { SubscriptionTier } from '../plans/subscription-tiers';

/**
 * Time-based billing rules, pure: the grace period, when a downgrade falls due and which tier's limits
 * apply at a given instant. The grace period's length comes from configuration (GRACE_PERIOD_DAYS).
 */

const MS_PER_DAY = 86_400_000;

export const addDays = (instant: string, days: number): string =>
  new Date(Date.parse(instant) + days * MS_PER_DAY).toISOString();

export const isBefore = (a: string, b: string): boolean => Date.parse(a) < Date.parse(b);

export interface DueDowngrade {
  readonly dueAt: string;
  readonly reason: DowngradeReason;
}

/**
 * When the user falls back to free unless something changes first:
 * - a subscription that ended (canceled; Stripe ends one canceled "at period end" when that period ends):
 *   at once, the moment it ended;
 * - a subscription set to cancel at period end: when its paid period ends;
 * - an unpaid renewal: at the end of its grace period.
 * null on free, and for an active subscription without a pending failure or a scheduled end.
 */
export function nextDowngrade(state: BillingState): DueDowngrade | null {
  if (state.tier === 'free') return null;
  if (state.status === 'canceled' && state.canceledAt !== null) {
    return { dueAt: state.canceledAt, reason: 'subscription_deleted' };
  }
  const graceEnd = state.paymentFailure?.gracePeriodEndsAt ?? null;
  const periodEnd = state.cancelAtPeriodEnd ? state.currentPeriodEnd : null;
  if (periodEnd !== null && (graceEnd === null || !isBefore(graceEnd, periodEnd))) {
    return { dueAt: periodEnd, reason: 'subscription_deleted' };
  }
  if (graceEnd !== null) return { dueAt: graceEnd, reason: 'grace_period_ended' };
  return null;
}

/**
 * The tier whose limits apply at `now` ("usage limits follow the tier at once"): the tier while the
 * subscription is active (until the end of a period it is set to cancel at) or its unpaid renewal is still
 * within the grace period; free once that has run out (even before the job has recorded the downgrade)
 * and once the subscription ended.
 */
export function effectiveTierAt(state: BillingState, now: Date): SubscriptionTier {
  if (state.tier === 'free') return 'free';
  switch (state.status) {
    case 'active':
    case 'past_due': {
      const due = nextDowngrade(state);
      return due === null || now.getTime() < Date.parse(due.dueAt) ? state.tier : 'free';
    }
    case 'canceled':
      return 'free';
    default: {
      const unhandled: never = state.status;
      throw new Error(`Unhandled status ${String(unhandled)}`);
    }
  }
}

/** Whole days left in the grace period, rounded up (the banner's "N days"); null without one. */
export function graceDaysRemaining(state: BillingState, now: Date): number | null {
  const graceEnd = state.paymentFailure?.gracePeriodEndsAt;
  if (graceEnd === undefined) return null;
  return Math.max(0, Math.ceil((Date.parse(graceEnd) - now.getTime()) / MS_PER_DAY));
}
