import { startFakeStripe, type FakeStripeServer } from '@stride/testing/fake-stripe/fake-stripe-server';
import { startTestApp, type TestApp, type TestClient } from './test-app';
import type { BillingModule } from '@stride/application/billing/billing-module';
import { deliverWebhook } from './billing-test-helpers';

export const WEBHOOK_SECRET = 'whsec_stride_integration_tests';
export const PRICES = {
  starter: 'price_starter',
  pro: 'price_pro',
  team: 'price_team',
  lite: 'price_lite',
  basic: 'price_basic',
} as const;

export interface StripeTestKit {
  readonly t: TestApp;
  readonly stripe: FakeStripeServer;
  readonly billing: BillingModule;
  deliver(
    event: object,
  ): Promise<{ statusCode: number; body: { received?: boolean; duplicate?: boolean; outcome?: string } }>;
  /** Signs in and registers a user (so the users read model has a record). */
  user(email: string): Promise<TestClient>;
  /** Runs a checkout to the end in the fake and delivers Stripe's three events. */
  subscribe(client: TestClient, priceId: string): Promise<{ subscriptionId: string; customerId: string }>;
  close(): Promise<void>;
}

/** The app in Stripe mode, its SDK pointed at a local fake Stripe (STRIPE_API_HOST / PORT / PROTOCOL). */
export async function startStripeTestKit(env: Record<string, string> = {}): Promise<StripeTestKit> {
  const stripe = await startFakeStripe();
  const t = await startTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_stride',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(stripe.port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_PRICE_STARTER: PRICES.starter,
      STRIPE_PRICE_PRO: PRICES.pro,
      STRIPE_PRICE_TEAM: PRICES.team,
      STRIPE_PRICE_LITE: PRICES.lite,
      STRIPE_PRICE_BASIC: PRICES.basic,
      GRACE_PERIOD_DAYS: '7',
      PUBLIC_URL: 'http://stride.test',
      ADMIN_EMAILS: 'admin@example.com',
      ...env,
    },
  });
  const { billing } = t.services;
  const deliver: StripeTestKit['deliver'] = async (event) => {
    const response = await deliverWebhook(t.app, event, WEBHOOK_SECRET);
    return { statusCode: response.statusCode, body: response.json() };
  };
  return {
    t,
    stripe,
    billing,
    deliver,
    async user(email) {
      const client = await t.signIn(email);
      await client.post('/api/user/ensure-user-exists', { email, name: email.split('@')[0] });
      return client;
    },
    async subscribe(client, priceId) {
      const response = await client.post('/api/stripe/create-checkout-session-simple', { priceId });
      if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.body}`);
      const { events, subscription, customer } = stripe.state.completeCheckout(
        response.json<{ sessionId: string }>().sessionId,
      );
      for (const event of events) await deliver(event);
      return { subscriptionId: subscription.id, customerId: customer.id };
    },
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}
