import { sameEmail } from '../customer-ownership';
import Stripe from 'stripe';
import { z } from 'zod';
import { PaymentProviderError } from '../billing-errors';
import type {
  CheckoutRequest,
  CheckoutSessionCreated,
  PaymentGateway,
  PlanChangeRequest,
  PortalOutcome,
} from '../payment-gateway';
import {
  stripeCheckoutSessionSchema,
  stripeCustomerSchema,
  stripeListSchema,
  stripeSubscriptionSchema,
  type StripeCustomer,
  type StripeSubscription,
} from './stripe-objects';

export interface StripeClientConfig {
  readonly secretKey: string;
  /** STRIPE_API_HOST / PORT / PROTOCOL: point the SDK elsewhere (a local fake in tests). */
  readonly host?: string;
  readonly port?: number;
  readonly protocol?: 'http' | 'https';
  readonly timeoutMs?: number;
}

export function createStripeClient(config: StripeClientConfig): Stripe {
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: config.timeoutMs ?? 10_000,
    telemetry: false,
    appInfo: { name: 'stride' },
    ...(config.host !== undefined && { host: config.host }),
    ...(config.port !== undefined && { port: config.port }),
    ...(config.protocol !== undefined && { protocol: config.protocol }),
  });
}

/** Stripe's answer when the account has no customer portal configuration saved yet. */
const PORTAL_NOT_CONFIGURED = /no configuration provided|default configuration has not been created/i;

const isResourceMissing = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/** Runs a call and validates its answer; any provider failure becomes a PaymentProviderError. */
async function call<Schema extends z.ZodType>(
  operation: string,
  schema: Schema,
  run: () => Promise<unknown>,
): Promise<z.output<Schema>> {
  let answer: unknown;
  try {
    answer = await run();
  } catch (error) {
    throw new PaymentProviderError(operation, { cause: error });
  }
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new PaymentProviderError(operation, { cause: parsed.error });
  return parsed.data;
}

/** The payment gateway on Stripe's API through the official SDK. */
export class StripeGateway implements PaymentGateway {
  readonly mode = 'stripe' as const;

  constructor(private readonly stripe: Stripe) {}

  createCustomer({ userId, email, name }: { userId: string; email: string; name: string }): Promise<StripeCustomer> {
    return call('creating a customer', stripeCustomerSchema, () =>
      this.stripe.customers.create({ ...(email.trim() && { email }), ...(name && { name }), metadata: { userId } }),
    );
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSessionCreated> {
    const { userId, priceId, tier, successUrl, cancelUrl, customerId } = request;
    const session = await this.stripe.checkout.sessions
      .create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: userId,
        line_items: [{ price: priceId, quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        metadata: { userId, tier, priceId },
        subscription_data: { metadata: { userId, tier } },
      })
      .catch((error: unknown) => {
        throw new PaymentProviderError('creating a checkout session', { cause: error });
      });
    if (!session.url) throw new PaymentProviderError('creating a checkout session');
    return { sessionId: session.id, url: session.url };
  }

  async checkoutSessionPriceId(sessionId: string): Promise<string | null> {
    const session = await call('reading a checkout session', stripeCheckoutSessionSchema, () =>
      this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['line_items'] }),
    );
    return session.metadata.priceId ?? session.linePriceId;
  }

  async changeSubscriptionPlan({
    subscriptionId,
    priceId,
    userId,
    tier,
  }: PlanChangeRequest): Promise<StripeSubscription> {
    const current = await this.stripe.subscriptions.retrieve(subscriptionId).catch((error: unknown) => {
      throw new PaymentProviderError('reading the subscription', { cause: error });
    });
    const item = current.items.data[0];
    if (!item) throw new PaymentProviderError('changing the plan (the subscription has no items)');
    return call('changing the plan', stripeSubscriptionSchema, () =>
      this.stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: priceId }],
        proration_behavior: 'create_prorations',
        metadata: { userId, tier },
      }),
    );
  }

  async createPortalSession({
    customerId,
    returnUrl,
  }: {
    customerId: string;
    returnUrl: string;
  }): Promise<PortalOutcome> {
    try {
      const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { kind: 'ok', url: session.url };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && PORTAL_NOT_CONFIGURED.test(error.message)) {
        return { kind: 'not_configured', providerMessage: error.message };
      }
      if (isResourceMissing(error)) return { kind: 'customer_missing' };
      throw new PaymentProviderError('opening the billing portal', { cause: error });
    }
  }

  async deleteCustomer(customerId: string): Promise<void> {
    try {
      await call('deleting a customer', z.object({ id: z.string() }), () => this.stripe.customers.del(customerId));
    } catch (error) {
      if (error instanceof PaymentProviderError && isResourceMissing(error.cause)) return;
      throw error;
    }
  }

  async findCustomersByEmail(email: string): Promise<StripeCustomer[]> {
    // Never `email=`: an empty filter may be read as no filter and list everyone's customers.
    if (email.trim() === '') return [];
    // The list filter is exact and read-after-write consistent (search is not).
    const { data } = await call('looking up customers', stripeListSchema(stripeCustomerSchema), () =>
      this.stripe.customers.list({ email, limit: 10 }),
    );
    return data.filter((customer) => !customer.deleted && sameEmail(customer.email, email));
  }

  async retrieveCustomer(customerId: string): Promise<StripeCustomer | null> {
    try {
      const customer = await call('reading a customer', stripeCustomerSchema, () =>
        this.stripe.customers.retrieve(customerId),
      );
      return customer.deleted ? null : customer;
    } catch (error) {
      if (error instanceof PaymentProviderError && isResourceMissing(error.cause)) return null;
      throw error;
    }
  }

  async listSubscriptions(customerId: string): Promise<StripeSubscription[]> {
    const { data } = await call('listing subscriptions', stripeListSchema(stripeSubscriptionSchema), () =>
      this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 }),
    );
    return data;
  }
}
