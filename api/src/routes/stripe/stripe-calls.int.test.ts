import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedStripeRequest } from '@stride/testing/fake-stripe/fake-stripe-server';
import { startCheckout } from '@stride/application/billing/checkout';
import { syncSubscription } from '@stride/application/billing/sync-subscription';
import { PRICES, startStripeTestKit, type StripeTestKit } from '../../../test/stripe-test-setup';

const DAY = 86_400_000;

describe('the /api/stripe calls against Stripe (a local fake behind the real SDK)', () => {
  let kit: StripeTestKit;
  beforeAll(async () => {
    kit = await startStripeTestKit();
  });
  afterAll(async () => {
    await kit.close();
  });
  beforeEach(() => {
    kit.stripe.state.portalConfigured = true;
    kit.stripe.failNextRequests(null);
  });

  const lastRequest = (method: string, path: string): RecordedStripeRequest | undefined =>
    kit.stripe.requests.filter((request) => request.method === method && request.path === path).at(-1);
  const stateOf = async (userId: string) => (await kit.billing.store.load(userId)).state;

  describe('GET /api/plans', () => {
    it('serves the catalogue with the configured price identifiers (reading A prices)', async () => {
      const body = (await kit.t.app.inject({ method: 'GET', url: '/api/plans' })).json<{
        paymentsMode: string;
        plans: Array<{
          id: string;
          stripePriceId: string | null;
          priceCents: number;
          purchasable: boolean;
          legacy: boolean;
        }>;
      }>();
      expect(body.paymentsMode).toBe('stripe');
      expect(
        Object.fromEntries(body.plans.map((plan) => [plan.id, [plan.stripePriceId, plan.priceCents, plan.legacy]])),
      ).toEqual({
        free: [null, 0, false],
        starter: [PRICES.starter, 500, false],
        pro: [PRICES.pro, 1200, false],
        team: [PRICES.team, 2900, false],
        lite: [PRICES.lite, 300, true],
        basic: [PRICES.basic, 600, true],
      });
    });
  });

  describe('POST /api/stripe/create-checkout-session-simple', () => {
    it('creates the customer (tied to the user) and a subscription checkout with the default URLs', async () => {
      const client = await kit.user('buyer@example.com');
      const response = await client.post('/api/stripe/create-checkout-session-simple', { priceId: PRICES.pro });
      expect(response.statusCode).toBe(200);
      const { sessionId, url } = response.json<{ sessionId: string; url: string }>();
      expect(sessionId).toMatch(/^cs_test_/);
      expect(url).toBe(`${kit.stripe.baseUrl}/c/pay/${sessionId}`);

      expect(lastRequest('POST', '/v1/customers')).toMatchObject({
        authorization: 'Bearer sk_test_stride',
        body: { email: 'buyer@example.com', metadata: { userId: client.userId } },
      });
      const customerId = [...kit.stripe.state.customers.values()].find((c) => c.email === 'buyer@example.com')?.id;
      expect(lastRequest('POST', '/v1/checkout/sessions')?.body).toEqual({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: client.userId,
        line_items: [{ price: PRICES.pro, quantity: '1' }],
        success_url: 'http://stride.test/payment-success?success=true',
        cancel_url: 'http://stride.test/pricing?checkout=cancelled',
        metadata: { userId: client.userId, tier: 'pro', priceId: PRICES.pro },
        subscription_data: { metadata: { userId: client.userId, tier: 'pro' } },
      });

      // A second attempt reuses the customer Stripe already ties to the user.
      const customersBefore = kit.stripe.state.customers.size;
      await client.post('/api/stripe/create-checkout-session-simple', {
        priceId: PRICES.starter,
        successUrl: '/done',
        cancelUrl: 'http://stride.test/back',
      });
      expect(kit.stripe.state.customers.size).toBe(customersBefore);
      expect(lastRequest('POST', '/v1/checkout/sessions')?.body).toMatchObject({
        success_url: 'http://stride.test/done',
        cancel_url: 'http://stride.test/back',
      });
    });

    it('refuses unknown prices, the free plan and return URLs of other sites', async () => {
      const client = await kit.user('picky@example.com');
      const unknown = await client.post('/api/stripe/create-checkout-session-simple', { priceId: 'price_nope' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'validation', details: { field: 'priceId' } });
      const missing = await client.post('/api/stripe/create-checkout-session-simple', {});
      expect(missing.statusCode).toBe(400);
      const elsewhere = await client.post('/api/stripe/create-checkout-session-simple', {
        priceId: PRICES.pro,
        successUrl: 'https://evil.example/steal',
      });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json()).toMatchObject({ details: { field: 'successUrl' } });
      const protocolRelative = await client.post('/api/stripe/create-checkout-session-simple', {
        priceId: PRICES.pro,
        cancelUrl: '//evil.example',
      });
      expect(protocolRelative.statusCode).toBe(400);
    });

    it('switches a live subscription to the new plan in place instead of a second checkout', async () => {
      const client = await kit.user('lite-upgrader@example.com');
      const { subscriptionId } = await kit.subscribe(client, PRICES.lite);
      const sessionsBefore = kit.stripe.state.checkoutSessions.size;
      const response = await client.post('/api/stripe/create-checkout-session-simple', { priceId: PRICES.pro });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        sessionId: subscriptionId,
        url: 'http://stride.test/payment-success?success=true',
      });
      expect(kit.stripe.state.checkoutSessions.size).toBe(sessionsBefore);
      expect(kit.stripe.state.requireSubscription(subscriptionId).items.data[0]?.price.id).toBe(PRICES.pro);
      expect(lastRequest('POST', `/v1/subscriptions/${subscriptionId}`)?.body).toMatchObject({
        proration_behavior: 'create_prorations',
      });
      expect(await stateOf(client.userId)).toMatchObject({ tier: 'pro', status: 'active', subscriptionId });

      const same = await client.post('/api/stripe/create-checkout-session-simple', { priceId: PRICES.pro });
      expect(same.statusCode).toBe(409);
      expect(same.json()).toMatchObject({ code: 'illegal_state' });
    });

    it('answers 502 when Stripe is down', async () => {
      const client = await kit.user('outage@example.com');
      kit.stripe.failNextRequests(500);
      const response = await client.post('/api/stripe/create-checkout-session-simple', { priceId: PRICES.pro });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'payment_provider_error' });
    });
  });

  describe('the three billing-portal calls', () => {
    it('open the portal for the caller’s customer, returning to /user-profile by default', async () => {
      const client = await kit.user('portal-user@example.com');
      const { customerId } = await kit.subscribe(client, PRICES.starter);
      const session = await client.post('/api/stripe/create-billing-portal-session', {});
      expect(session.statusCode).toBe(200);
      expect(session.json<{ url: string }>().url).toContain('/p/session/');
      expect(lastRequest('POST', '/v1/billing_portal/sessions')?.body).toEqual({
        customer: customerId,
        return_url: 'http://stride.test/user-profile',
      });

      const direct = await client.post('/api/stripe/create-billing-portal-direct', {
        email: client.email,
        returnUrl: '/pricing',
      });
      expect(direct.json()).toMatchObject({ success: true, requiresManualConfig: false, instruction: null });
      expect(lastRequest('POST', '/v1/billing_portal/sessions')?.body).toMatchObject({
        return_url: 'http://stride.test/pricing',
      });
      const simple = await client.post('/api/stripe/create-billing-portal-simple', { email: client.email });
      expect(simple.json()).toMatchObject({ url: expect.stringContaining('/p/session/'), message: expect.any(String) });
    });

    it('give the manual-configuration answer when the Stripe account has no portal configuration', async () => {
      const client = await kit.user('unconfigured@example.com');
      await kit.subscribe(client, PRICES.starter);
      kit.stripe.state.portalConfigured = false;
      const direct = await client.post('/api/stripe/create-billing-portal-direct', { email: client.email });
      expect(direct.statusCode).toBe(200);
      expect(direct.json()).toEqual({
        success: false,
        url: null,
        requiresManualConfig: true,
        message: 'The billing portal has not been set up for this Stripe account yet.',
        instruction: expect.stringContaining('Customer portal'),
      });
      for (const path of ['/api/stripe/create-billing-portal-session', '/api/stripe/create-billing-portal-simple']) {
        const response = await client.post(path, { email: client.email });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({
          code: 'billing_portal_not_configured',
          details: { requiresManualConfig: true },
        });
      }
    });

    it('find no billing account for a user who never paid, nor for another person’s email', async () => {
      const client = await kit.user('never-paid@example.com');
      expect((await client.post('/api/stripe/create-billing-portal-session', {})).statusCode).toBe(404);
      expect((await client.post('/api/stripe/create-billing-portal-simple', { email: client.email })).statusCode).toBe(
        404,
      );
      expect(
        (await client.post('/api/stripe/create-billing-portal-direct', { email: client.email })).json(),
      ).toMatchObject({
        success: false,
        requiresManualConfig: false,
        url: null,
      });
      const victim = await kit.user('victim@example.com');
      await kit.subscribe(victim, PRICES.pro);
      const snooping = await client.post('/api/stripe/create-billing-portal-direct', { email: victim.email });
      expect(snooping.json()).toMatchObject({
        success: false,
        url: null,
        message: expect.stringContaining('victim@example.com'),
      });
    });
  });

  describe('POST /api/stripe/sync-subscription-bypass', () => {
    it('applies the subscription Stripe has when the webhooks never arrived', async () => {
      const client = await kit.user('lost-webhooks@example.com');
      const customer = kit.stripe.state.createCustomer({ email: client.email, metadata: { userId: client.userId } });
      kit.stripe.state.createSubscription({
        customer: customer.id,
        priceId: PRICES.team,
        metadata: { userId: client.userId },
      });
      const response = await client.post('/api/stripe/sync-subscription-bypass', {});
      expect(response.json()).toEqual({ found: true, subscription: { tier: 'team', status: 'active' } });
      expect(await stateOf(client.userId)).toMatchObject({ tier: 'team', customerIds: [customer.id] });
    });

    it('finds nothing for a user without a subscription (no body at all is fine)', async () => {
      const client = await kit.user('nothing@example.com');
      const response = await client.request({ method: 'POST', url: '/api/stripe/sync-subscription-bypass' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ found: false, subscription: null });
    });

    it('claims an unclaimed customer only when its email is exactly the user’s (issue 11)', async () => {
      // Naming someone else's email must not claim their unclaimed customer (nor may an empty email).
      const client = await kit.user('new-address@example.com');
      const paidElsewhere = kit.stripe.state.createCustomer({ email: 'old-address@example.com' });
      kit.stripe.state.createSubscription({ customer: paidElsewhere.id, priceId: PRICES.basic });
      const claimed = await client.post('/api/stripe/sync-subscription-bypass', { email: 'old-address@example.com' });
      expect(claimed.json()).toEqual({ found: false, subscription: null });
      expect(await stateOf(client.userId)).toMatchObject({ tier: 'free' });

      const owner = await kit.user('old-address@example.com');
      const own = await owner.post('/api/stripe/sync-subscription-bypass', {});
      expect(own.json()).toEqual({ found: true, subscription: { tier: 'basic', status: 'active' } });

      const thief = await kit.user('thief@example.com');
      const stolen = await thief.post('/api/stripe/sync-subscription-bypass', { email: 'old-address@example.com' });
      expect(stolen.json()).toEqual({ found: false, subscription: null });
      expect(await stateOf(thief.userId)).toMatchObject({ tier: 'free' });
    });

    it('does not claim a customer whose email differs from the user’s only in case (issue 11: exact email)', async () => {
      const client = await kit.user('casey@example.com');
      const someoneElse = kit.stripe.state.createCustomer({ email: 'Casey@example.com' });
      kit.stripe.state.createSubscription({ customer: someoneElse.id, priceId: PRICES.pro });
      for (const body of [{ email: 'Casey@example.com' }, {}]) {
        const response = await client.post('/api/stripe/sync-subscription-bypass', body);
        expect(response.json()).toEqual({ found: false, subscription: null });
      }
      expect(await stateOf(client.userId)).toMatchObject({ tier: 'free', customerIds: [] });
      // no call to Stripe ever carried an empty email
      const emailsSent = kit.stripe.requests.filter((r) => r.path === '/v1/customers').map((r) => r.query.email);
      expect(emailsSent).not.toContain('');
    });

    it('a user without an email (a Clerk token without one) never sends `email=` to Stripe nor claims anything', async () => {
      // a customer with an empty email, as a mock that reads `email=` as "no filter" would list it
      const blank = kit.stripe.state.createCustomer({ email: '' });
      kit.stripe.state.createSubscription({ customer: blank.id, priceId: PRICES.team });
      const from = kit.stripe.requests.length;
      const user = { id: 'user_without_email', email: '', name: '' };
      expect(await syncSubscription(kit.billing.deps, user)).toEqual({ found: false, subscription: null });
      await startCheckout(kit.billing.deps, user, {
        priceId: PRICES.pro,
        successUrl: 'http://stride.test/payment-success',
        cancelUrl: 'http://stride.test/pricing',
      });
      const sent = kit.stripe.requests.slice(from);
      expect(sent.filter((r) => r.path.startsWith('/v1/customers') && r.method === 'GET')).toEqual([]);
      const created = sent.filter((r) => r.method === 'POST' && r.path === '/v1/customers');
      expect(created).toHaveLength(1);
      expect(created[0]?.body).not.toHaveProperty('email');
      expect(sent.every((r) => r.query.email !== '' && r.body.email !== '' && r.body.customer_email !== '')).toBe(true);
      expect((await stateOf(user.id)).tier).toBe('free');
    });

    it('refuses an invalid email', async () => {
      const client = await kit.user('typo@example.com');
      expect((await client.post('/api/stripe/sync-subscription-bypass', { email: 'not-an-email' })).statusCode).toBe(
        400,
      );
    });
  });

  describe('GET /api/stripe/subscription-status', () => {
    it('reports the billing state from the event store', async () => {
      const client = await kit.user('status@example.com');
      expect((await client.get('/api/stripe/subscription-status')).json()).toEqual({
        tier: 'free',
        status: 'active',
        effectiveTier: 'free',
        subscriptionId: null,
        customerId: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        paymentFailedAt: null,
        gracePeriodEndsAt: null,
        graceDaysRemaining: null,
        paymentsMode: 'stripe',
        endedPlan: null,
        billingNow: expect.any(String),
      });
      const { subscriptionId, customerId } = await kit.subscribe(client, PRICES.pro);
      expect((await client.get('/api/stripe/subscription-status')).json()).toMatchObject({
        tier: 'pro',
        effectiveTier: 'pro',
        subscriptionId,
        customerId,
        currentPeriodEnd: expect.any(String),
      });
      expect((await kit.t.app.inject({ method: 'GET', url: '/api/stripe/subscription-status' })).statusCode).toBe(401);
    });
  });

  describe('POST /api/stripe/check-expired-subscriptions', () => {
    it('checks only the caller’s own account, or everyone’s for an admin', async () => {
      const client = await kit.user('expiring@example.com');
      kit.stripe.state.setClock(new Date(Date.now() - 9 * DAY)); // subscribed nine days ago...
      const { subscriptionId } = await kit.subscribe(client, PRICES.starter);
      kit.stripe.state.advanceClock(86_400); // ...and the renewal failed eight days ago
      for (const event of kit.stripe.state.failRenewal(subscriptionId).events) await kit.deliver(event);
      kit.stripe.state.setClock(null);
      const other = await kit.user('bystander@example.com');
      const own = await other.request({ method: 'POST', url: '/api/stripe/check-expired-subscriptions' });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ checked: 1, downgraded: [] });
      expect(await stateOf(client.userId)).toMatchObject({ tier: 'starter', status: 'past_due' });

      const admin = await kit.user('admin@example.com');
      const all = await admin.request({ method: 'POST', url: '/api/stripe/check-expired-subscriptions' });
      expect(all.json<{ downgraded: unknown[] }>().downgraded).toContainEqual({
        userId: client.userId,
        fromTier: 'starter',
        reason: 'grace_period_ended',
      });
      expect(await stateOf(client.userId)).toMatchObject({ tier: 'free' });
    });
  });

  describe('test mode', () => {
    it('does not exist with real Stripe', async () => {
      const client = await kit.user('no-test-mode@example.com');
      expect((await client.post('/api/stripe/test-mode/payment-failed')).statusCode).toBe(404);
      expect((await client.post('/api/stripe/test-mode/advance-clock', { days: 3 })).statusCode).toBe(404);
      expect((await kit.t.app.inject({ method: 'GET', url: '/api/stripe/test-checkout/cs_test_x' })).statusCode).toBe(
        404,
      );
    });
  });
});
