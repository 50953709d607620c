import { createEvent } from '../shared/create-event';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { assertNever, type Command } from '../shared/event';
import {
  evolve,
  initialState,
  invoicePaid,
  paymentFailed,
  paymentRecovered,
  stripeCustomerLinked,
  subscriptionActivated,
  subscriptionCanceled,
  subscriptionChanged,
  subscriptionDowngraded,
  subscriptionReportKept,
  type BillingEvent,
  type BillingState,
  type KeptReport,
} from './billing-events';
import { decideInTurn } from '../shared/decide-in-turn';
import type { PaidTier, SubscriptionStatus } from '../plans/subscription-tiers';
import { addDays, isBefore, nextDowngrade } from './billing-rules';

/**
 * The billing aggregate of one user. Its commands translate what the payment provider reports into
 * billing events; the provider's report times (`observedAt`, `failedAt`, `paidAt`) are data, the clock
 * of the billing job is `metadata.now`.
 *
 * Ordering: webhooks arrive late, twice and out of order. A report older than the newest one applied
 * (`lastAppliedAt`) never rolls the subscription back; the same report applied again emits nothing. A
 * report about a subscription not known yet (its deletion, a past-due update or a failed invoice delivered
 * before its creation or checkout) is kept (`SubscriptionReportKept`) and applied, in time order, in the
 * decision that makes that subscription current: every delivery order of the same reports ends in the
 * same state (property test in billing-delivery-order.unit.test.ts).
 */

/**
 * What the provider says a subscription is now, its price mapped to a tier; `tier: null` for a price the
 * plan catalogue does not know: the current subscription then keeps its tier, and a new one can only start
 * on `declaredTier`, the tier Stride wrote into the subscription when it sold it (a price configuration
 * has since replaced). The declared tier is never used to change a current subscription: a plan changed
 * in Stripe's portal leaves it stale.
 */
export interface SubscriptionSnapshot {
  readonly subscriptionId: string;
  readonly customerId: string;
  readonly tier: PaidTier | null;
  readonly declaredTier?: PaidTier | null;
  readonly status: SubscriptionStatus;
  readonly currentPeriodEnd: string | null;
  /** Canceled in the portal: it ends when the current period does (absent: false). */
  readonly cancelAtPeriodEnd?: boolean;
}

export type LinkStripeCustomer = Command<'LinkStripeCustomer', { customerId: string; email: string }>;
/**
 * A checkout was paid. It links the customer and, when its subscription is not known yet, activates it;
 * the subscription's own reports (created/updated) carry the details and take precedence, so
 * `observedAt` is the time the checkout was opened: every report about the subscription is newer.
 */
export type RecordCheckout = Command<
  'RecordCheckout',
  { customerId: string; email: string; subscriptionId: string; tier: PaidTier | null; observedAt: string }
>;
export type ApplySubscriptionSnapshot = Command<
  'ApplySubscriptionSnapshot',
  { snapshot: SubscriptionSnapshot; observedAt: string }
>;
export type RecordPaymentFailure = Command<
  'RecordPaymentFailure',
  { invoiceId: string; subscriptionId: string | null; failedAt: string; gracePeriodDays: number }
>;
export type RecordPayment = Command<
  'RecordPayment',
  { invoiceId: string; subscriptionId: string | null; paidAt: string }
>;
/** The billing job: downgrades when the grace period has run out or the subscription has ended. */
export type ApplyDueDowngrade = Command<'ApplyDueDowngrade', Record<string, never>>;

export type BillingCommand =
  | LinkStripeCustomer
  | RecordCheckout
  | ApplySubscriptionSnapshot
  | RecordPaymentFailure
  | RecordPayment
  | ApplyDueDowngrade;

const isOlderThanApplied = (state: BillingState, at: string): boolean =>
  state.lastAppliedAt !== null && isBefore(at, state.lastAppliedAt);

const requireInstant = (value: string, field: string): void => {
  if (Number.isNaN(Date.parse(value)))
    throw new DomainError('validation', `${field} must be an ISO instant`, { field });
};

/** An empty email (the provider did not say) never replaces a known one. */
const linkCustomer = ({ customerId, email }: LinkStripeCustomer['data'], state: BillingState): BillingEvent[] =>
  state.customerIds.at(-1) === customerId && (email === '' || state.email === email)
    ? []
    : [createEvent(stripeCustomerLinked, { customerId, email })];

const activate = (snapshot: SubscriptionSnapshot & { tier: PaidTier }, occurredAt: string): BillingEvent =>
  createEvent(subscriptionActivated, {
    tier: snapshot.tier,
    status: 'active',
    subscriptionId: snapshot.subscriptionId,
    customerId: snapshot.customerId,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    ...(snapshot.cancelAtPeriodEnd === true && { cancelAtPeriodEnd: true }),
    occurredAt,
  });

const change = (
  snapshot: { subscriptionId: string; tier: PaidTier; currentPeriodEnd: string | null; cancelAtPeriodEnd?: boolean },
  status: SubscriptionStatus,
  occurredAt: string,
): BillingEvent =>
  createEvent(subscriptionChanged, {
    tier: snapshot.tier,
    status,
    subscriptionId: snapshot.subscriptionId,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    ...(snapshot.cancelAtPeriodEnd === true && { cancelAtPeriodEnd: true }),
    occurredAt,
  });

/** A pending failure is closed explicitly, so every read model clears the banner the same way. */
const recoverIfFailing = (state: BillingState, paidAt: string, invoiceId?: string): BillingEvent[] =>
  state.paymentFailure === null
    ? []
    : [createEvent(paymentRecovered, { invoiceId: invoiceId ?? state.paymentFailure.invoiceId, paidAt })];

/**
 * A report about a subscription other than the current one: only a live one of a known plan matters
 * (it replaces the current one, as after a new checkout).
 */
const applyOtherSubscription = (snapshot: SubscriptionSnapshot, state: BillingState, at: string): BillingEvent[] => {
  const tier = snapshot.tier ?? snapshot.declaredTier ?? null;
  if (snapshot.status !== 'active' || tier === null) return [];
  return [...recoverIfFailing(state, at), activate({ ...snapshot, tier }, at)];
};

const applyCurrentSubscription = (reported: SubscriptionSnapshot, state: BillingState, at: string): BillingEvent[] => {
  // Canceled is final for a subscription: nothing reported afterwards brings it back.
  if (state.status === 'canceled' || state.tier === 'free') return [];
  const snapshot = { ...reported, tier: reported.tier ?? state.tier };
  // A newer report that changes nothing is still recorded: it makes older reports stale.
  const newer = state.lastAppliedAt === null || isBefore(state.lastAppliedAt, at);
  const fieldsChanged =
    newer ||
    snapshot.tier !== state.tier ||
    snapshot.currentPeriodEnd !== state.currentPeriodEnd ||
    (snapshot.cancelAtPeriodEnd ?? false) !== state.cancelAtPeriodEnd;
  switch (snapshot.status) {
    case 'canceled':
      // The deletion carries the subscription's last plan and period: they win over older reports.
      return fieldsChanged
        ? [change(snapshot, 'canceled', at)]
        : [createEvent(subscriptionCanceled, { subscriptionId: snapshot.subscriptionId, occurredAt: at })];
    case 'active':
      if (state.paymentFailure !== null) {
        return [...(fieldsChanged ? [change(snapshot, 'active', at)] : []), ...recoverIfFailing(state, at)];
      }
      return fieldsChanged || state.status !== 'active' ? [change(snapshot, 'active', at)] : [];
    case 'past_due':
      return fieldsChanged || state.status !== 'past_due' ? [change(snapshot, 'past_due', at)] : [];
    default:
      return assertNever(snapshot.status);
  }
};

const keep = (subscriptionId: string, report: KeptReport): BillingEvent[] => [
  createEvent(subscriptionReportKept, { subscriptionId, report }),
];

const applySnapshot = ({ snapshot, observedAt }: ApplySubscriptionSnapshot['data'], state: BillingState) => {
  requireInstant(observedAt, 'observedAt');
  if (state.subscriptionId === snapshot.subscriptionId) {
    return isOlderThanApplied(state, observedAt) ? [] : applyCurrentSubscription(snapshot, state, observedAt);
  }
  const replacing = isOlderThanApplied(state, observedAt) ? [] : applyOtherSubscription(snapshot, state, observedAt);
  return replacing.length > 0 ? replacing : keep(snapshot.subscriptionId, { kind: 'snapshot', snapshot, observedAt });
};

const recordCheckout = (data: RecordCheckout['data'], state: BillingState): BillingEvent[] => {
  const { customerId, email, subscriptionId, tier, observedAt } = data;
  requireInstant(observedAt, 'observedAt');
  const link = linkCustomer({ customerId, email }, state);
  const known = state.subscriptionId === subscriptionId && state.status !== 'canceled';
  if (tier === null || known || isOlderThanApplied(state, observedAt)) return link;
  const snapshot = { subscriptionId, customerId, tier, status: 'active' as const, currentPeriodEnd: null };
  return [...link, ...recoverIfFailing(state, observedAt), activate(snapshot, observedAt)];
};

const recordFailure = (data: RecordPaymentFailure['data'], state: BillingState): BillingEvent[] => {
  const { invoiceId, subscriptionId, failedAt, gracePeriodDays } = data;
  requireInstant(failedAt, 'failedAt');
  if (subscriptionId !== null && subscriptionId !== state.subscriptionId) {
    return keep(subscriptionId, { kind: 'payment_failed', invoiceId, failedAt, gracePeriodDays });
  }
  // A late failure still counts when the newer reports agree the subscription is past due.
  if (isOlderThanApplied(state, failedAt) && state.status !== 'past_due') return [];
  if (state.subscriptionId === null || state.status === 'canceled') return [];
  if (state.paidInvoiceIds.includes(invoiceId)) return [];
  const failure = createEvent(paymentFailed, {
    invoiceId,
    failedAt,
    gracePeriodEndsAt: addDays(failedAt, gracePeriodDays),
  });
  // Stripe retries a failed charge several times: the grace period runs from the first failure, also when
  // a retry's report arrived before the first one's.
  const pending = state.paymentFailure;
  if (pending === null) return [failure];
  if (pending.invoiceId === invoiceId) return isBefore(failedAt, pending.failedAt) ? [failure] : [];
  // Another invoice failed while one is pending: it counts once the pending one is paid (see release).
  return keep(state.subscriptionId, { kind: 'payment_failed', invoiceId, failedAt, gracePeriodDays });
};

const recordPayment = ({ invoiceId, subscriptionId, paidAt }: RecordPayment['data'], state: BillingState) => {
  requireInstant(paidAt, 'paidAt');
  const lapsed = state.lapsedSubscription;
  const customerId = state.customerIds.at(-1);
  // The grace period ended, but the provider's own retries finally charged the card: restore the tier.
  if (lapsed !== null && subscriptionId === lapsed.subscriptionId && customerId !== undefined) {
    if (isOlderThanApplied(state, paidAt)) return [];
    return [activate({ ...lapsed, customerId, status: 'active', currentPeriodEnd: null }, paidAt)];
  }
  if (subscriptionId !== null && subscriptionId !== state.subscriptionId) {
    return keep(subscriptionId, { kind: 'payment_succeeded', invoiceId, paidAt });
  }
  // The failed invoice is paid: a fact however late it is reported (newer reports may be about it).
  if (state.paymentFailure?.invoiceId === invoiceId) return recoverIfFailing(state, paidAt, invoiceId);
  if (state.subscriptionId === null) return [];
  const paid = state.paidInvoiceIds.includes(invoiceId) ? [] : [createEvent(invoicePaid, { invoiceId, paidAt })];
  if (isOlderThanApplied(state, paidAt)) return paid;
  if (state.paymentFailure !== null) return recoverIfFailing(state, paidAt, invoiceId);
  if (state.status === 'past_due' && state.tier !== 'free') {
    return [
      ...paid,
      change(
        {
          subscriptionId: state.subscriptionId,
          tier: state.tier,
          currentPeriodEnd: state.currentPeriodEnd,
          cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        },
        'active',
        paidAt,
      ),
    ];
  }
  return paid;
};

const applyDueDowngrade = (state: BillingState, now: Date) => {
  const due = nextDowngrade(state);
  if (due === null || state.tier === 'free' || now.getTime() < Date.parse(due.dueAt)) return [];
  return [createEvent(subscriptionDowngraded, { fromTier: state.tier, toTier: 'free', reason: due.reason })];
};

const decideOne = (command: BillingCommand, state: BillingState): BillingEvent[] => {
  switch (command.type) {
    case 'LinkStripeCustomer':
      return linkCustomer(command.data, state);
    case 'RecordCheckout':
      return recordCheckout(command.data, state);
    case 'ApplySubscriptionSnapshot':
      return applySnapshot(command.data, state);
    case 'RecordPaymentFailure':
      return recordFailure(command.data, state);
    case 'RecordPayment':
      return recordPayment(command.data, state);
    case 'ApplyDueDowngrade':
      return applyDueDowngrade(state, command.metadata.now);
    default:
      return assertNever(command);
  }
};

const reportTime = (report: KeptReport): number =>
  Date.parse(
    report.kind === 'snapshot' ? report.observedAt : report.kind === 'payment_failed' ? report.failedAt : report.paidAt,
  );

const keptCommand = (
  report: KeptReport,
  subscriptionId: string,
  metadata: BillingCommand['metadata'],
): BillingCommand => {
  switch (report.kind) {
    case 'snapshot':
      return {
        type: 'ApplySubscriptionSnapshot',
        data: { snapshot: report.snapshot, observedAt: report.observedAt },
        metadata,
      };
    case 'payment_failed': {
      const { invoiceId, failedAt, gracePeriodDays } = report;
      return { type: 'RecordPaymentFailure', data: { invoiceId, subscriptionId, failedAt, gracePeriodDays }, metadata };
    }
    case 'payment_succeeded':
      return {
        type: 'RecordPayment',
        data: { invoiceId: report.invoiceId, subscriptionId, paidAt: report.paidAt },
        metadata,
      };
    default:
      return assertNever(report);
  }
};

/**
 * When a decision makes a subscription current, the reports kept about it follow in the same decision, in
 * the provider's time order, each decided against the state the previous ones left; when it closes a
 * payment failure, the failures of other invoices kept meanwhile follow the same way.
 */
const releaseKeptReports = (command: BillingCommand, events: BillingEvent[], state: BillingState): BillingEvent[] => {
  const activated = new Set(
    events.flatMap((event) => (event.type === 'SubscriptionActivated' ? [event.data.subscriptionId] : [])),
  );
  const recovered = events.some((event) => event.type === 'PaymentRecovered');
  const kept = state.keptReports
    .filter(
      ({ subscriptionId, report }) =>
        activated.has(subscriptionId) ||
        (recovered && subscriptionId === state.subscriptionId && report.kind === 'payment_failed'),
    )
    .sort((a, b) => reportTime(a.report) - reportTime(b.report));
  if (kept.length === 0) return events;
  const commands = kept.map((entry) => keptCommand(entry.report, entry.subscriptionId, command.metadata));
  const released = decideInTurn({ decide: decideOne, evolve }, commands, events.reduce(evolve, state)).events;
  return [...events, ...released];
};

export const decide = (command: BillingCommand, state: BillingState): BillingEvent[] =>
  releaseKeptReports(command, decideOne(command, state), state);

export const billingDecider: Decider<BillingState, BillingCommand, BillingEvent> = { initialState, decide, evolve };
