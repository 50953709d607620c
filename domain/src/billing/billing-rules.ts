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
 * - a canceled subscription: a grace period after the cancellation (so the inactive screen can offer
 *   reactivation), or earlier if an unpaid grace period ends first;
 * - an unpaid renewal: at the end of its grace period.
 * null on free, and for an active subscription without a pending failure.
 */
export function nextDowngrade(state: BillingState, gracePeriodDays: number): DueDowngrade | null {
  if (state.tier === 'free') return null;
  const graceEnd = state.paymentFailure?.gracePeriodEndsAt ?? null;
  if (state.status === 'canceled' && state.canceledAt !== null) {
    const afterCancel = addDays(state.canceledAt, gracePeriodDays);
    const dueAt = graceEnd !== null && isBefore(graceEnd, afterCancel) ? graceEnd : afterCancel;
    return { dueAt, reason: 'subscription_deleted' };
  }
  if (graceEnd !== null) return { dueAt: graceEnd, reason: 'grace_period_ended' };
  return null;
}

/**
 * The tier whose limits apply at `now` ("usage limits follow the tier at once"): the tier while the
 * subscription is active or its unpaid renewal is still within the grace period; free once the grace
 * period has run out (even before the job has recorded the downgrade) and while canceled.
 */
export function effectiveTierAt(state: BillingState, now: Date): SubscriptionTier {
  if (state.tier === 'free') return 'free';
  switch (state.status) {
    case 'active':
      return state.tier;
    case 'past_due': {
      const graceEnd = state.paymentFailure?.gracePeriodEndsAt;
      return graceEnd === undefined || now.getTime() < Date.parse(graceEnd) ? state.tier : 'free';
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
