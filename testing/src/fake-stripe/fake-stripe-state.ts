import { randomBytes } from 'node:crypto';

/**
 * The in-memory Stripe account behind the fake server: customers, subscriptions, checkout sessions and
 * invoices in the shapes of Stripe's API (version 2025+ "basil" and later: billing periods on subscription
 * items, an invoice's subscription under `parent.subscription_details`). Scenario helpers change the
 * account the way Stripe would and return the webhook events Stripe would send, for the test to deliver.
 */

export type Metadata = Record<string, string>;

export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Metadata;
  created: number;
  livemode: false;
}

export type FakeSubscriptionStatus = 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' | 'trialing';

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: FakeSubscriptionStatus;
  metadata: Metadata;
  created: number;
  start_date: number;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  latest_invoice: string | null;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'subscription_item';
      quantity: number;
      current_period_start: number;
      current_period_end: number;
      price: { id: string; object: 'price'; product: string; unit_amount: number; recurring: { interval: 'month' } };
    }>;
    has_more: false;
  };
  livemode: false;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription' | 'payment' | 'setup';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Metadata;
  subscription: string | null;
  /** Filled in when the customer completes the checkout. */
  customer_details?: { email: string | null };
  success_url: string | null;
  cancel_url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  /** Not part of the session object: kept for `expand[]=line_items` and for completing it. */
  line_items_prices: string[];
  subscription_metadata: Metadata;
}

export interface FakeInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'open' | 'paid';
  billing_reason: 'subscription_create' | 'subscription_cycle';
  amount_due: number;
  amount_paid: number;
  attempt_count: number;
  created: number;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Metadata } };
  livemode: false;
}

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: object; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
}

const DAY_SECONDS = 86_400;
const PERIOD_SECONDS = 30 * DAY_SECONDS;

export const fakeId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;

const clone = <T>(value: T): T => structuredClone(value);

export class FakeStripeState {
  readonly customers = new Map<string, FakeCustomer>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly checkoutSessions = new Map<string, FakeCheckoutSession>();
  readonly invoices = new Map<string, FakeInvoice>();
  /** false reproduces Stripe's answer when the account has no customer portal configuration. */
  portalConfigured = true;
  /** Unit prices by price id, for invoices; unknown prices cost 1000. */
  readonly unitAmounts = new Map<string, number>();
  private clockSeconds: number | null = null;

  constructor(readonly apiVersion = '2026-10-28.endive') {}

  /** Stripe time in seconds: the wall clock unless set. */
  now(): number {
    return this.clockSeconds ?? Math.floor(Date.now() / 1000);
  }

  setClock(date: Date | null): void {
    this.clockSeconds = date === null ? null : Math.floor(date.getTime() / 1000);
  }

  advanceClock(seconds: number): void {
    this.clockSeconds = this.now() + seconds;
  }

  reset(): void {
    this.customers.clear();
    this.subscriptions.clear();
    this.checkoutSessions.clear();
    this.invoices.clear();
    this.portalConfigured = true;
    this.clockSeconds = null;
  }

  createCustomer(input: { email?: string | null; name?: string | null; metadata?: Metadata }): FakeCustomer {
    const customer: FakeCustomer = {
      id: fakeId('cus'),
      object: 'customer',
      email: input.email ?? null,
      name: input.name ?? null,
      metadata: { ...input.metadata },
      created: this.now(),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return clone(customer);
  }

  createSubscription(input: {
    customer: string;
    priceId: string;
    status?: FakeSubscriptionStatus;
    metadata?: Metadata;
  }): FakeSubscription {
    const now = this.now();
    const subscription: FakeSubscription = {
      id: fakeId('sub'),
      object: 'subscription',
      customer: input.customer,
      status: input.status ?? 'active',
      metadata: { ...input.metadata },
      created: now,
      start_date: now,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      latest_invoice: null,
      items: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: fakeId('si'),
            object: 'subscription_item',
            quantity: 1,
            current_period_start: now,
            current_period_end: now + PERIOD_SECONDS,
            price: {
              id: input.priceId,
              object: 'price',
              product: `prod_${input.priceId}`,
              unit_amount: this.unitAmounts.get(input.priceId) ?? 1000,
              recurring: { interval: 'month' },
            },
          },
        ],
      },
      livemode: false,
    };
    this.subscriptions.set(subscription.id, subscription);
    return clone(subscription);
  }

  createCheckoutSession(params: Record<string, unknown>, baseUrl: string): FakeCheckoutSession {
    const id = fakeId('cs_test');
    const text = (key: string): string | null => (typeof params[key] === 'string' ? (params[key] as string) : null);
    const record = (value: unknown): Metadata =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? Object.fromEntries(
            Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
          )
        : {};
    const lineItems = Array.isArray(params.line_items) ? params.line_items : [];
    const prices = lineItems
      .map((item: unknown) =>
        typeof item === 'object' && item !== null ? (item as Record<string, unknown>).price : null,
      )
      .filter((price): price is string => typeof price === 'string');
    const subscriptionData = params.subscription_data as Record<string, unknown> | undefined;
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode: (text('mode') as FakeCheckoutSession['mode'] | null) ?? 'payment',
      status: 'open',
      payment_status: 'unpaid',
      url: `${baseUrl}/c/pay/${id}`,
      customer: text('customer'),
      customer_email: text('customer_email'),
      client_reference_id: text('client_reference_id'),
      metadata: record(params.metadata),
      subscription: null,
      success_url: text('success_url'),
      cancel_url: text('cancel_url'),
      created: this.now(),
      expires_at: this.now() + DAY_SECONDS,
      livemode: false,
      line_items_prices: prices,
      subscription_metadata: record(subscriptionData?.metadata),
    };
    this.checkoutSessions.set(id, session);
    return clone(session);
  }

  /** The session as Stripe serves it (without the fake's bookkeeping), optionally with its line items. */
  publicSession(session: FakeCheckoutSession, expandLineItems = false): Record<string, unknown> {
    const { line_items_prices: prices, subscription_metadata: _unused, ...rest } = session;
    if (!expandLineItems) return rest;
    return {
      ...rest,
      line_items: {
        object: 'list',
        has_more: false,
        data: prices.map((price) => ({
          id: fakeId('li'),
          object: 'item',
          quantity: 1,
          price: { id: price, object: 'price' },
        })),
      },
    };
  }

  /** Builds an event as Stripe would send it for `object` (a snapshot copy). */
  event(
    type: string,
    object: object,
    options: { created?: number; previous?: Record<string, unknown> } = {},
  ): FakeStripeEvent {
    return {
      id: fakeId('evt'),
      object: 'event',
      api_version: this.apiVersion,
      created: options.created ?? this.now(),
      type,
      data: { object: clone(object), ...(options.previous ? { previous_attributes: options.previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
  }

  /**
   * The customer pays a subscription checkout: its customer (created unless the session named one) and
   * subscription come into being, and Stripe reports customer.subscription.created,
   * checkout.session.completed and invoice.paid.
   */
  completeCheckout(sessionId: string): {
    events: FakeStripeEvent[];
    subscription: FakeSubscription;
    customer: FakeCustomer;
  } {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`No checkout session ${sessionId}`);
    const priceId = session.line_items_prices[0];
    if (!priceId) throw new Error(`Checkout session ${sessionId} has no price`);
    const customer = session.customer
      ? this.requireCustomer(session.customer)
      : this.createCustomer({ email: session.customer_email });
    const subscription = this.createSubscription({
      customer: customer.id,
      priceId,
      metadata: session.subscription_metadata,
    });
    const invoice = this.createInvoice(subscription, 'paid', 'subscription_create');
    this.updateSubscription(subscription.id, { latest_invoice: invoice.id });
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customer.id,
      subscription: subscription.id,
      customer_details: { email: customer.email ?? session.customer_email },
    });
    const current = this.requireSubscription(subscription.id);
    return {
      customer,
      subscription: current,
      events: [
        this.event('customer.subscription.created', current),
        this.event('checkout.session.completed', this.publicSession(session)),
        this.event('invoice.paid', invoice),
      ],
    };
  }

  /** A renewal charge fails: invoice.payment_failed, then the subscription turns past_due. */
  failRenewal(subscriptionId: string): { events: FakeStripeEvent[]; invoice: FakeInvoice } {
    const subscription = this.renew(subscriptionId);
    const invoice = this.createInvoice(subscription, 'open', 'subscription_cycle');
    const updated = this.updateSubscription(subscriptionId, { status: 'past_due', latest_invoice: invoice.id });
    return {
      invoice,
      events: [
        this.event('invoice.payment_failed', invoice),
        this.event('customer.subscription.updated', updated, { previous: { status: subscription.status } }),
      ],
    };
  }

  /** The open invoice is finally paid: invoice.paid, then the subscription is active again. */
  payOpenInvoice(subscriptionId: string): { events: FakeStripeEvent[] } {
    const subscription = this.requireSubscription(subscriptionId);
    const invoice = subscription.latest_invoice ? this.invoices.get(subscription.latest_invoice) : undefined;
    if (!invoice || invoice.status !== 'open') throw new Error(`Subscription ${subscriptionId} has no open invoice`);
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      attempt_count: invoice.attempt_count + 1,
    });
    const updated = this.updateSubscription(subscriptionId, { status: 'active' });
    return {
      events: [
        this.event('invoice.paid', invoice),
        this.event('customer.subscription.updated', updated, { previous: { status: subscription.status } }),
      ],
    };
  }

  /** Switches the subscription to another price: customer.subscription.updated. */
  changePrice(subscriptionId: string, priceId: string): { events: FakeStripeEvent[] } {
    const subscription = this.requireSubscription(subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new Error('Subscription without items');
    const items = { ...subscription.items, data: [{ ...item, price: { ...item.price, id: priceId } }] };
    const updated = this.updateSubscription(subscriptionId, { items });
    return { events: [this.event('customer.subscription.updated', updated)] };
  }

  setSubscriptionMetadata(subscriptionId: string, metadata: Metadata): void {
    const subscription = this.requireSubscription(subscriptionId);
    this.updateSubscription(subscriptionId, { metadata: { ...subscription.metadata, ...metadata } });
  }

  /** The subscription ends now: customer.subscription.deleted. */
  cancelSubscription(subscriptionId: string): { events: FakeStripeEvent[] } {
    const now = this.now();
    const updated = this.updateSubscription(subscriptionId, { status: 'canceled', canceled_at: now, ended_at: now });
    return { events: [this.event('customer.subscription.deleted', updated)] };
  }

  requireCustomer(id: string): FakeCustomer {
    const customer = this.customers.get(id);
    if (!customer) throw new Error(`No customer ${id}`);
    return clone(customer);
  }

  requireSubscription(id: string): FakeSubscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`No subscription ${id}`);
    return clone(subscription);
  }

  private updateSubscription(id: string, changes: Partial<FakeSubscription>): FakeSubscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`No subscription ${id}`);
    Object.assign(subscription, changes);
    return clone(subscription);
  }

  /** Moves the subscription into its next period (a renewal). */
  private renew(id: string): FakeSubscription {
    const subscription = this.requireSubscription(id);
    const items = {
      ...subscription.items,
      data: subscription.items.data.map((item) => ({
        ...item,
        current_period_start: item.current_period_end,
        current_period_end: item.current_period_end + PERIOD_SECONDS,
      })),
    };
    return this.updateSubscription(id, { items });
  }

  private createInvoice(
    subscription: FakeSubscription,
    status: FakeInvoice['status'],
    reason: FakeInvoice['billing_reason'],
  ): FakeInvoice {
    const amount = subscription.items.data[0]?.price.unit_amount ?? 0;
    const invoice: FakeInvoice = {
      id: fakeId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status,
      billing_reason: reason,
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      attempt_count: 1,
      created: this.now(),
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      },
      livemode: false,
    };
    this.invoices.set(invoice.id, invoice);
    return clone(invoice);
  }
}
