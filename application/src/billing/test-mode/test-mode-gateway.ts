import { createHash } from 'node:crypto';
import type { BillingState } from '@stride/domain/billing/billing-events';
import type { PaidTier } from '@stride/domain/plans/subscription-tiers';
import type { SubscriptionTier } from '@stride/domain/plans/subscription-tiers';
import type { PlanCatalogue } from '@stride/domain/plans/plan-catalogue';
import type { BillingClock } from '../billing-clock';
import type { BillingStore } from '../billing-store';
import type {
  CheckoutRequest,
  CheckoutSessionCreated,
  PaymentGateway,
  PlanChangeRequest,
  PortalOutcome,
} from '../payment-gateway';
import { stripeSubscriptionSchema, type StripeCustomer, type StripeSubscription } from '../stripe/stripe-objects';
import { testEvent, testId, testSubscription } from './test-mode-objects';
import type { TestModeWebhookSender } from './test-mode-webhooks';

export interface TestCheckoutSession {
  readonly id: string;
  readonly userId: string;
  readonly email: string;
  readonly customerId: string;
  readonly priceId: string;
  readonly tier: PaidTier;
  readonly successUrl: string;
  readonly cancelUrl: string;
  readonly createdAt: Date;
  status: 'open' | 'complete';
}

export interface TestPortalSession {
  readonly id: string;
  readonly userId: string;
  readonly customerId: string;
  readonly returnUrl: string;
}

/** The test billing portal's page; its buttons post to `${testPortalPath(id)}/<action>` (one declaration). */
export const testPortalPath = (portalSessionId: string): string =>
  `/api/stripe/test-checkout/portal/${encodeURIComponent(portalSessionId)}`;

/** The test-mode price of a tier: the configured one, else `price_test_{tier}`. */
export const testPriceId = (catalogue: PlanCatalogue, tier: SubscriptionTier): string =>
  catalogue[tier].stripePriceId ?? `price_test_${tier}`;

export const testCustomerId = (userId: string): string =>
  `cus_test_${createHash('sha256').update(userId).digest('hex').slice(0, 20)}`;

/**
 * Plays Stripe's part without a Stripe account. Checkout and portal sessions live in memory (a restart
 * expires them, like Stripe's do); customers and subscriptions are read back from the billing streams,
 * so look-ups (sync) stay true across restarts.
 */
export class TestModeGateway implements PaymentGateway {
  readonly mode = 'test-checkout' as const;
  readonly checkoutSessions = new Map<string, TestCheckoutSession>();
  readonly portalSessions = new Map<string, TestPortalSession>();
  private readonly customers = new Map<string, StripeCustomer>();

  constructor(
    private readonly deps: {
      readonly store: BillingStore;
      readonly catalogue: PlanCatalogue;
      readonly clock: BillingClock;
      readonly webhooks: TestModeWebhookSender;
    },
  ) {}

  async createCustomer({ userId, email }: { userId: string; email: string }): Promise<StripeCustomer> {
    const customer: StripeCustomer = { id: testCustomerId(userId), email, metadata: { userId } };
    this.customers.set(customer.id, customer);
    return customer;
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSessionCreated> {
    const id = testId('cs');
    this.checkoutSessions.set(id, { ...request, id, createdAt: this.deps.clock.now(), status: 'open' });
    return { sessionId: id, url: new URL(`/api/stripe/test-checkout/${id}`, request.successUrl).toString() };
  }

  async checkoutSessionPriceId(sessionId: string): Promise<string | null> {
    return this.checkoutSessions.get(sessionId)?.priceId ?? null;
  }

  async changeSubscriptionPlan(request: PlanChangeRequest): Promise<StripeSubscription> {
    const now = this.deps.clock.now();
    const subscription = testSubscription({ ...request, id: request.subscriptionId, status: 'active', createdAt: now });
    await this.deps.webhooks.send([testEvent('customer.subscription.updated', subscription, now)]);
    return stripeSubscriptionSchema.parse(subscription);
  }

  async createPortalSession({
    customerId,
    returnUrl,
  }: {
    customerId: string;
    returnUrl: string;
  }): Promise<PortalOutcome> {
    const userId = await this.userIdOf(customerId);
    if (userId === null) return { kind: 'customer_missing' };
    const id = testId('bps');
    this.portalSessions.set(id, { id, userId, customerId, returnUrl });
    return { kind: 'ok', url: new URL(testPortalPath(id), returnUrl).toString() };
  }

  async deleteCustomer(customerId: string): Promise<void> {
    this.customers.delete(customerId);
  }

  async findCustomersByEmail(email: string): Promise<StripeCustomer[]> {
    const wanted = email.trim().toLowerCase();
    return [...this.customers.values()].filter((customer) => customer.email?.toLowerCase() === wanted);
  }

  async retrieveCustomer(customerId: string): Promise<StripeCustomer | null> {
    const known = this.customers.get(customerId);
    if (known) return known;
    const userId = await this.deps.store.userIdForCustomer(customerId);
    if (userId === null) return null;
    const { state } = await this.deps.store.load(userId);
    return { id: customerId, email: state.email, metadata: { userId } };
  }

  async listSubscriptions(customerId: string): Promise<StripeSubscription[]> {
    const userId = await this.userIdOf(customerId);
    if (userId === null) return [];
    const { state } = await this.deps.store.load(userId);
    const subscription = this.subscriptionOf(userId, state);
    return subscription && subscription.customerId === customerId ? [subscription] : [];
  }

  /** The user's current subscription as Stripe would show it, from the billing stream. */
  subscriptionOf(userId: string, state: BillingState): StripeSubscription | null {
    const customerId = state.customerIds.at(-1);
    if (state.subscriptionId === null || state.tier === 'free' || customerId === undefined) return null;
    const object = testSubscription({
      id: state.subscriptionId,
      customerId,
      userId,
      priceId: testPriceId(this.deps.catalogue, state.tier),
      tier: state.tier,
      status: state.status,
      createdAt: this.deps.clock.now(),
      currentPeriodEnd: state.currentPeriodEnd,
    });
    return stripeSubscriptionSchema.parse(object);
  }

  private async userIdOf(customerId: string): Promise<string | null> {
    return this.customers.get(customerId)?.metadata.userId ?? this.deps.store.userIdForCustomer(customerId);
  }
}
