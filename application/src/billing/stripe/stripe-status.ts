import type { SubscriptionStatus } from '@stride/domain/plans/subscription-tiers';

/**
 * Stripe's subscription statuses in Stride's three (spec section 4: active, canceled, past_due).
 * - trialing counts as active (Stride sells no trials, but a trial set up in Stripe is honoured);
 * - unpaid and paused count as past_due: the plan is not being paid, and Stripe can still bring it back;
 * - incomplete_expired ended before it started: canceled;
 * - incomplete (the first payment is still being confirmed) says nothing yet: null, the report is ignored.
 */
export function stripeStatusToStride(status: string): SubscriptionStatus | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return null;
  }
}

/** How much a subscription of this status is worth keeping when several are found (sync). */
export const statusRank = (status: SubscriptionStatus): number =>
  status === 'active' ? 2 : status === 'past_due' ? 1 : 0;
