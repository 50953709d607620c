import type { BillingState } from '@stride/domain/billing/billing-events';
import type { SubscriptionStatus, SubscriptionTier } from '@stride/domain/plans/subscription-tiers';
import { effectiveTierAt, graceDaysRemaining } from '@stride/domain/billing/billing-rules';
import type { PaymentsMode } from './payment-gateway';

export interface SubscriptionStatusView {
  readonly tier: SubscriptionTier;
  readonly status: SubscriptionStatus;
  readonly effectiveTier: SubscriptionTier;
  readonly subscriptionId: string | null;
  readonly customerId: string | null;
  readonly currentPeriodEnd: string | null;
  readonly cancelAtPeriodEnd: boolean;
  readonly paymentFailedAt: string | null;
  readonly gracePeriodEndsAt: string | null;
  readonly graceDaysRemaining: number | null;
  readonly paymentsMode: PaymentsMode;
  /** The billing clock's time (moved in test mode): countdowns are computed against it. */
  readonly billingNow: string;
}

/** GET /api/stripe/subscription-status: the billing stream's state as the caller sees it at `now`. */
export function subscriptionStatusView(
  state: BillingState,
  now: Date,
  paymentsMode: PaymentsMode,
): SubscriptionStatusView {
  return {
    tier: state.tier,
    status: state.status,
    effectiveTier: effectiveTierAt(state, now),
    subscriptionId: state.subscriptionId,
    customerId: state.customerIds.at(-1) ?? null,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    paymentFailedAt: state.paymentFailure?.failedAt ?? null,
    gracePeriodEndsAt: state.paymentFailure?.gracePeriodEndsAt ?? null,
    graceDaysRemaining: graceDaysRemaining(state, now),
    paymentsMode,
    billingNow: now.toISOString(),
  };
}
