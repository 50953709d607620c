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
    /** Set to end when the period ends (canceled in the portal); absent in events stored before it existed. */
    cancelAtPeriodEnd: z.boolean().optional(),
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
    /** Set to end when the period ends (canceled in the portal); absent in events stored before it existed. */
    cancelAtPeriodEnd: z.boolean().optional(),
    occurredAt: isoInstant,
  }),
});

/**
 * The subscription ended (status canceled: Stripe deletes a subscription canceled at period end when that
 * period ends, or after its last failed retry). Its pending payment failure is dropped; free limits apply
 * at once and the billing job records the downgrade to free (see billing-rules' nextDowngrade).
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

/**
 * A report about a subscription that is not (yet) this user's current one: a deletion, a past-due update,
 * a failed or paid invoice delivered before the subscription's creation or checkout (webhooks arrive in
 * any order). It is kept, and applied in time order the moment that subscription becomes current, so the
 * final state does not depend on the order of delivery.
 */
const keptSnapshotSchema = z.object({
  subscriptionId: stripeId,
  customerId: stripeId,
  tier: paidTierSchema.nullable(),
  declaredTier: paidTierSchema.nullable().optional(),
  status: subscriptionStatusSchema,
  currentPeriodEnd: isoInstant.nullable(),
  cancelAtPeriodEnd: z.boolean().optional(),
});
export const keptReportSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('snapshot'), snapshot: keptSnapshotSchema, observedAt: isoInstant }),
  z.object({
    kind: z.literal('payment_failed'),
    invoiceId: stripeId,
    failedAt: isoInstant,
    gracePeriodDays: z.number().int().min(0).max(366),
  }),
  z.object({ kind: z.literal('payment_succeeded'), invoiceId: stripeId, paidAt: isoInstant }),
]);
export type KeptReport = z.infer<typeof keptReportSchema>;

export const subscriptionReportKept = defineEvent({
  type: 'SubscriptionReportKept',
  schemaVersion: 1,
  schema: z.object({ subscriptionId: stripeId, report: keptReportSchema }),
});

/** At most this many kept reports; the oldest go first (a report about a subscription never seen again). */
export const KEPT_REPORTS_LIMIT = 50;

/**
 * An invoice of the current subscription was paid with no failure of it pending (a normal renewal, or a
 * payment reported before its own failure). Remembered so that a failure of an invoice already paid,
 * delivered late, never starts a grace period.
 */
export const invoicePaid = defineEvent({
  type: 'InvoicePaid',
  schemaVersion: 1,
  schema: z.object({ invoiceId: stripeId, paidAt: isoInstant }),
});

/** How many paid invoice ids the state remembers (a year and more of monthly renewals). */
export const PAID_INVOICES_LIMIT = 24;

const withPaidInvoice = (paid: readonly string[], invoiceId: string): readonly string[] =>
  paid.includes(invoiceId) ? paid : [...paid, invoiceId].sort().slice(-PAID_INVOICES_LIMIT);

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
  subscriptionReportKept,
  invoicePaid,
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
  /** The subscription ends when its paid period does (canceled in the portal); the plan stays until then. */
  readonly cancelAtPeriodEnd: boolean;
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
  /** Reports about subscriptions not known yet, oldest first (see `subscriptionReportKept`). */
  readonly keptReports: readonly { readonly subscriptionId: string; readonly report: KeptReport }[];
  /** Invoices known to be paid (sorted ids, see `invoicePaid`). */
  readonly paidInvoiceIds: readonly string[];
}

export const initialState = (): BillingState => ({
  customerIds: [],
  email: null,
  tier: 'free',
  status: 'active',
  subscriptionId: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  paymentFailure: null,
  canceledAt: null,
  lapsedSubscription: null,
  lastAppliedAt: null,
  keptReports: [],
  paidInvoiceIds: [],
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
      const { tier, subscriptionId, customerId, currentPeriodEnd, cancelAtPeriodEnd, occurredAt } = event.data;
      return {
        ...state,
        // The paying customer belongs to the user even if no checkout linked it (e.g. a lost delivery).
        customerIds: state.customerIds.includes(customerId) ? state.customerIds : [...state.customerIds, customerId],
        tier,
        status: 'active',
        subscriptionId,
        currentPeriodEnd,
        cancelAtPeriodEnd: cancelAtPeriodEnd ?? false,
        paymentFailure: null,
        canceledAt: null,
        lapsedSubscription: null,
        lastAppliedAt: later(state.lastAppliedAt, occurredAt),
        // The kept reports about it are applied in the same decision (billing decider): they are done.
        keptReports: state.keptReports.filter((kept) => kept.subscriptionId !== subscriptionId),
      };
    }
    case 'SubscriptionChanged': {
      const { tier, status, subscriptionId, currentPeriodEnd, cancelAtPeriodEnd, occurredAt } = event.data;
      return {
        ...state,
        tier,
        status,
        subscriptionId,
        currentPeriodEnd,
        cancelAtPeriodEnd: cancelAtPeriodEnd ?? false,
        // A subscription that ended has no payment pending (its end, not a grace period, decides).
        paymentFailure: status === 'canceled' ? null : state.paymentFailure,
        // Nothing reported about an ended subscription matters any more (canceled is final).
        keptReports:
          status === 'canceled'
            ? state.keptReports.filter((kept) => kept.subscriptionId !== subscriptionId)
            : state.keptReports,
        canceledAt: status === 'canceled' ? (state.canceledAt ?? occurredAt) : null,
        lastAppliedAt: later(state.lastAppliedAt, occurredAt),
      };
    }
    case 'SubscriptionCanceled':
      return {
        ...state,
        status: 'canceled',
        paymentFailure: null,
        keptReports: state.keptReports.filter((kept) => kept.subscriptionId !== event.data.subscriptionId),
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
        paidInvoiceIds: withPaidInvoice(state.paidInvoiceIds, event.data.invoiceId),
        // The failures kept while this one was pending are decided in the same decision (billing decider).
        keptReports: state.keptReports.filter(
          (kept) => kept.subscriptionId !== state.subscriptionId || kept.report.kind !== 'payment_failed',
        ),
        // A payment reported late does not undo a newer report: one saying active would have closed the
        // failure already, so a newer report applied means the subscription is still past due.
        status:
          state.lastAppliedAt !== null && Date.parse(state.lastAppliedAt) > Date.parse(event.data.paidAt)
            ? state.status
            : 'active',
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
        cancelAtPeriodEnd: false,
        paymentFailure: null,
        canceledAt: null,
        lapsedSubscription: lapsed,
      };
    }
    case 'InvoicePaid':
      return {
        ...state,
        paidInvoiceIds: withPaidInvoice(state.paidInvoiceIds, event.data.invoiceId),
        // Paid at that time: older reports of a failing subscription are stale.
        lastAppliedAt: later(state.lastAppliedAt, event.data.paidAt),
        // A failure of this invoice kept while another one was pending is settled.
        keptReports: state.keptReports.filter(
          ({ report }) => report.kind !== 'payment_failed' || report.invoiceId !== event.data.invoiceId,
        ),
      };
    case 'SubscriptionReportKept':
      return { ...state, keptReports: [...state.keptReports, event.data].slice(-KEPT_REPORTS_LIMIT) };
    default:
      return assertNever(event);
  }
};
