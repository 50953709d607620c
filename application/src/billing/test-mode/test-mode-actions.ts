import type { BillingState } from '@stride/domain/billing/billing-events';
import { DomainError } from '@stride/domain/shared/domain-error';
import type { PlanCatalogue } from '@stride/domain/plans/plan-catalogue';
import type { BillingClock } from '../billing-clock';
import type { BillingStore } from '../billing-store';
import { testPriceId, type TestCheckoutSession, type TestModeGateway } from './test-mode-gateway';
import { testCheckoutSession, testEvent, testId, testInvoice, testSubscription } from './test-mode-objects';
import type { TestModeWebhookSender } from './test-mode-webhooks';

/**
 * What a customer (or Stripe's own billing) does in test mode, each turned into the webhook events
 * Stripe would send and delivered, signed, to this server's webhook route.
 */
export class TestModeActions {
  constructor(
    private readonly deps: {
      readonly gateway: TestModeGateway;
      readonly store: BillingStore;
      readonly catalogue: PlanCatalogue;
      readonly clock: BillingClock;
      readonly webhooks: TestModeWebhookSender;
    },
  ) {}

  checkoutSession(sessionId: string): TestCheckoutSession | null {
    return this.deps.gateway.checkoutSessions.get(sessionId) ?? null;
  }

  /** The Pay button: the subscription starts and Stripe reports it; answers the session (now complete). */
  /** Completions in flight, by session: pressing Pay ten times at once completes the session once. */
  private readonly completing = new Map<string, Promise<{ session: TestCheckoutSession; sent: string[] }>>();

  /** Completes a test checkout once per session, however many times (or how concurrently) Pay is pressed. */
  completeCheckout(sessionId: string): Promise<{ session: TestCheckoutSession; sent: string[] }> {
    const inFlight = this.completing.get(sessionId);
    if (inFlight) return inFlight.then(({ session }) => ({ session, sent: [] }));
    const completion = this.completeCheckoutOnce(sessionId).finally(() => this.completing.delete(sessionId));
    this.completing.set(sessionId, completion);
    return completion;
  }

  private async completeCheckoutOnce(sessionId: string): Promise<{ session: TestCheckoutSession; sent: string[] }> {
    const session = this.checkoutSession(sessionId);
    if (!session) throw new DomainError('not_found', 'This test checkout session has expired');
    if (session.status === 'complete') return { session, sent: [] };
    const now = this.deps.clock.now();
    const subscriptionId = testId('sub');
    const { userId, customerId, priceId, tier } = session;
    const subscription = testSubscription({
      id: subscriptionId,
      customerId,
      userId,
      priceId,
      tier,
      status: 'active',
      createdAt: now,
      currentPeriodEnd: null,
    });
    const invoice = testInvoice({
      id: testId('in'),
      customerId,
      subscriptionId,
      userId,
      status: 'paid',
      createdAt: now,
    });
    const checkout = testCheckoutSession({ ...session, subscriptionId, createdAt: session.createdAt });
    const sent = await this.deps.webhooks.send([
      testEvent('customer.subscription.created', subscription, now),
      testEvent('checkout.session.completed', checkout, now),
      testEvent('invoice.paid', invoice, now),
    ]);
    session.status = 'complete';
    return { session, sent };
  }

  /** A renewal charge fails: invoice.payment_failed, then the subscription turns past_due. */
  async failPayment(userId: string): Promise<string[]> {
    const { state, subscription } = await this.liveSubscription(userId);
    if (state.paymentFailure !== null)
      throw new DomainError('illegal_state', 'A payment has already failed; recover it first');
    const now = this.deps.clock.now();
    const invoice = testInvoice({
      ...this.invoiceRefs(userId, subscription),
      id: testId('in'),
      status: 'open',
      createdAt: now,
    });
    return this.deps.webhooks.send([
      testEvent('invoice.payment_failed', invoice, now),
      testEvent('customer.subscription.updated', { ...subscription, status: 'past_due' }, now),
    ]);
  }

  /** The failed invoice is paid after all: invoice.paid, then the subscription is active again. */
  async recoverPayment(userId: string): Promise<string[]> {
    const { state, subscription } = await this.liveSubscription(userId);
    const invoiceId = state.paymentFailure?.invoiceId;
    if (invoiceId === undefined) throw new DomainError('illegal_state', 'No payment has failed');
    const now = this.deps.clock.now();
    const invoice = testInvoice({
      ...this.invoiceRefs(userId, subscription),
      id: invoiceId,
      status: 'paid',
      createdAt: now,
    });
    return this.deps.webhooks.send([
      testEvent('invoice.paid', invoice, now),
      testEvent('customer.subscription.updated', { ...subscription, status: 'active' }, now),
    ]);
  }

  /**
   * The customer cancels in the portal, as Stripe's portal does by default: at the end of the paid period
   * (customer.subscription.updated with cancel_at_period_end). The plan stays until then; the billing job
   * moves the user to Free when the period ends (the billing clock can be moved to see it).
   */
  async cancelSubscription(userId: string): Promise<string[]> {
    const { subscription } = await this.liveSubscription(userId);
    const now = this.deps.clock.now();
    return this.deps.webhooks.send([
      testEvent('customer.subscription.updated', { ...subscription, cancel_at_period_end: true }, now),
    ]);
  }

  private invoiceRefs(userId: string, subscription: Record<string, unknown>) {
    return { userId, customerId: String(subscription.customer), subscriptionId: String(subscription.id) };
  }

  private async liveSubscription(
    userId: string,
  ): Promise<{ state: BillingState; subscription: Record<string, unknown> }> {
    const { state } = await this.deps.store.load(userId);
    const customerId = state.customerIds.at(-1);
    if (
      state.subscriptionId === null ||
      state.tier === 'free' ||
      state.status === 'canceled' ||
      customerId === undefined
    ) {
      throw new DomainError('illegal_state', 'There is no live subscription; upgrade through the test checkout first');
    }
    const subscription = testSubscription({
      id: state.subscriptionId,
      customerId,
      userId,
      priceId: testPriceId(this.deps.catalogue, state.tier),
      tier: state.tier,
      status: state.status,
      createdAt: this.deps.clock.now(),
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    });
    return { state, subscription };
  }
}
