import { z } from 'zod';
import {
  paidTierSchema,
  subscriptionStatusSchema,
  subscriptionTierSchema,
  type PaidTier,
  type SubscriptionStatus,
  type SubscriptionTier,
} from '../plans/subscription-tiers';
import type { EventOf } from '../shared/create-event';
import { assertNever, defineEvent } from '../shared/event';

/**
 * A user's billing stream, `billing-{userId}`. Every event here comes from something the payment
 * provider reported (a verified webhook or a look-up made for the user) or from the billing job that
 * ends unpaid grace periods. Times named `occurredAt`, `failedAt` and `paidAt` are the provider's own
 * event times, which order the events (see `lastAppliedAt`).
 */

const isoInstant = z.iso.datetime();
const stripeId = z.string().min(1).max(255);

export const stripeCustomerLinked = defineEvent({
  type: 'StripeCustomerLinked',
  schemaVersion: 1,
  schema: z.object({ customerId: stripeId, email: z.string().max(320) }),
});

export const subscriptionActivated = defineEvent({
  type: 'SubscriptionActivated',
  schemaVersion: 1,
  schema: z.object({
    tier: paidTierSchema,
    status: z.literal('active'),
    subscriptionId: stripeId,
    customerId: stripeId,
    currentPeriodEnd: isoInstant.nullable(),
    occurredAt: isoInstant,
  }),
});

export const subscriptionChanged = defineEvent({
  type: 'SubscriptionChanged',
  schemaVersion: 1,
  schema: z.object({
    tier: paidTierSchema,
    status: subscriptionStatusSchema,
    subscriptionId: stripeId,
    currentPeriodEnd: isoInstant.nullable(),
    occurredAt: isoInstant,
  }),
});

/**
 * The subscription ended (status canceled). The tier stays, so the web app shows the inactive screen
 * ("Reactivate or choose a new plan"), until the billing job downgrades the user to free.
 */
export const subscriptionCanceled = defineEvent({
  type: 'SubscriptionCanceled',
  schemaVersion: 1,
  schema: z.object({ subscriptionId: stripeId, occurredAt: isoInstant }),
});

/** A renewal could not be charged: status past_due until paid or until the grace period ends. */
export const paymentFailed = defineEvent({
  type: 'PaymentFailed',
  schemaVersion: 1,
  schema: z.object({ invoiceId: stripeId, failedAt: isoInstant, gracePeriodEndsAt: isoInstant }),
});

/** The pending failure is resolved: status active, failure dates cleared. */
export const paymentRecovered = defineEvent({
  type: 'PaymentRecovered',
  schemaVersion: 1,
  schema: z.object({ invoiceId: stripeId, paidAt: isoInstant }),
});

export const downgradeReasonValues = ['grace_period_ended', 'subscription_deleted'] as const;
export type DowngradeReason = (typeof downgradeReasonValues)[number];

/** Back to a lower tier (free): status active on that tier, failure dates and subscription cleared. */
export const subscriptionDowngraded = defineEvent({
  type: 'SubscriptionDowngraded',
  schemaVersion: 1,
  schema: z.object({ fromTier: paidTierSchema, toTier: subscriptionTierSchema, reason: z.enum(downgradeReasonValues) }),
});

export const billingEventDefinitions = [
  stripeCustomerLinked,
  subscriptionActivated,
  subscriptionChanged,
  subscriptionCanceled,
  paymentFailed,
  paymentRecovered,
  subscriptionDowngraded,
] as const;

export type BillingEvent = EventOf<(typeof billingEventDefinitions)[number]>;

export interface PaymentFailure {
  readonly invoiceId: string;
  readonly failedAt: string;
  readonly gracePeriodEndsAt: string;
}

export interface BillingState {
  /** The Stripe customers tied to this user, oldest first; the last one is used for the portal. */
  readonly customerIds: readonly string[];
  readonly email: string | null;
  readonly tier: SubscriptionTier;
  readonly status: SubscriptionStatus;
  /** The subscription the tier comes from; null on free. */
  readonly subscriptionId: string | null;
  readonly currentPeriodEnd: string | null;
  readonly paymentFailure: PaymentFailure | null;
  /** When the current subscription was canceled (status canceled); null otherwise. */
  readonly canceledAt: string | null;
  /** The subscription a grace-period downgrade ended, so a late payment of it can restore its tier. */
  readonly lapsedSubscription: { readonly subscriptionId: string; readonly tier: PaidTier } | null;
  /**
   * The provider time of the newest subscription or payment event applied. Older reports arriving late
   * (webhooks are retried out of order) are ignored, so they never roll the subscription back.
   */
  readonly lastAppliedAt: string | null;
}

export const initialState = (): BillingState => ({
  customerIds: [],
  email: null,
  tier: 'free',
  status: 'active',
  subscriptionId: null,
  currentPeriodEnd: null,
  paymentFailure: null,
  canceledAt: null,
  lapsedSubscription: null,
  lastAppliedAt: null,
});

const later = (current: string | null, candidate: string): string =>
  current !== null && Date.parse(current) > Date.parse(candidate) ? current : candidate;

export const evolve = (state: BillingState, event: BillingEvent): BillingState => {
  switch (event.type) {
    case 'StripeCustomerLinked': {
      const { customerId, email } = event.data;
      const others = state.customerIds.filter((id) => id !== customerId);
      return { ...state, customerIds: [...others, customerId], email: email || state.email };
    }
    case 'SubscriptionActivated': {
      const { tier, subscriptionId, customerId, currentPeriodEnd, occurredAt } = event.data;
      return {
        ...state,
        // The paying customer belongs to the user even if no checkout linked it (e.g. a lost delivery).
        customerIds: state.customerIds.includes(customerId) ? state.customerIds : [...state.customerIds, customerId],
        tier,
        status: 'active',
        subscriptionId,
        currentPeriodEnd,
        paymentFailure: null,
        canceledAt: null,
        lapsedSubscription: null,
        lastAppliedAt: later(state.lastAppliedAt, occurredAt),
      };
    }
    case 'SubscriptionChanged': {
      const { tier, status, subscriptionId, currentPeriodEnd, occurredAt } = event.data;
      return {
        ...state,
        tier,
        status,
        subscriptionId,
        currentPeriodEnd,
        canceledAt: status === 'canceled' ? (state.canceledAt ?? occurredAt) : null,
        lastAppliedAt: later(state.lastAppliedAt, occurredAt),
      };
    }
    case 'SubscriptionCanceled':
      return {
        ...state,
        status: 'canceled',
        canceledAt: event.data.occurredAt,
        lastAppliedAt: later(state.lastAppliedAt, event.data.occurredAt),
      };
    case 'PaymentFailed':
      return {
        ...state,
        status: 'past_due',
        paymentFailure: { ...event.data },
        lastAppliedAt: later(state.lastAppliedAt, event.data.failedAt),
      };
    case 'PaymentRecovered':
      return {
        ...state,
        status: 'active',
        paymentFailure: null,
        lastAppliedAt: later(state.lastAppliedAt, event.data.paidAt),
      };
    case 'SubscriptionDowngraded': {
      const { fromTier, toTier, reason } = event.data;
      const lapsed =
        reason === 'grace_period_ended' && state.subscriptionId !== null
          ? { subscriptionId: state.subscriptionId, tier: fromTier }
          : null;
      return {
        ...state,
        tier: toTier,
        status: 'active',
        subscriptionId: null,
        currentPeriodEnd: null,
        paymentFailure: null,
        canceledAt: null,
        lapsedSubscription: lapsed,
      };
    }
    default:
      return assertNever(event);
  }
};
