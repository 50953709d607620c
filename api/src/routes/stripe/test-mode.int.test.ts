import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamIds } from '@stride/domain/stream-ids';
import { startTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { eventTypesOf, eventually } from '../../../test/billing-test-helpers';

/** The embedded default without STRIPE_SECRET_KEY: the built-in test checkout and portal. */
describe('billing test mode (no STRIPE_SECRET_KEY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { PUBLIC_URL: 'http://stride.test', GRACE_PERIOD_DAYS: '7', ADMIN_EMAILS: 'boss@example.com' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const status = async (client: TestClient) => (await client.get('/api/stripe/subscription-status')).json();
  const checkout = async (client: TestClient, priceId: string) => {
    const response = await client.post('/api/stripe/create-checkout-session-simple', { priceId });
    expect(response.statusCode).toBe(200);
    return response.json<{ sessionId: string; url: string }>();
  };

  it('serves the plans with test prices, publicly', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      paymentsMode: string;
      plans: Array<{ id: string; stripePriceId: string | null; purchasable: boolean; priceCents: number }>;
    }>();
    expect(body.paymentsMode).toBe('test-checkout');
    expect(body.plans.map((plan) => plan.id)).toEqual(['free', 'starter', 'pro', 'team', 'lite', 'basic']);
    expect(body.plans.find((plan) => plan.id === 'pro')).toMatchObject({
      stripePriceId: 'price_test_pro',
      purchasable: true,
      priceCents: 1200,
    });
    expect(body.plans.find((plan) => plan.id === 'free')).toMatchObject({ stripePriceId: null, purchasable: false });
  });

  it('upgrades through the test checkout page, which sends the server signed webhooks', async () => {
    const client = await t.signIn('tester@example.com', 'Tess');
    expect((await client.post('/api/user/ensure-user-exists', { email: client.email, name: 'Tess' })).statusCode).toBe(
      200,
    );
    const { sessionId, url } = await checkout(client, 'price_test_pro');
    expect(url).toBe(`http://stride.test/api/stripe/test-checkout/${sessionId}`);

    const page = await t.app.inject({ method: 'GET', url: `/api/stripe/test-checkout/${sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('TEST MODE — no real payment');
    expect(page.body).toContain('$12/month');

    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/stripe/test-checkout/${sessionId}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('http://stride.test/payment-success?success=true');
    expect(await status(client)).toMatchObject({
      tier: 'pro',
      status: 'active',
      effectiveTier: 'pro',
      paymentsMode: 'test-checkout',
    });
    expect(await eventTypesOf(t.services.eventStore, streamIds.billing(client.userId))).toEqual([
      'SubscriptionActivated',
      'StripeCustomerLinked',
      'InvoicePaid',
    ]);

    // The users read model (the core projection) follows the billing events.
    const record = await eventually(async () => {
      const body = (await client.get('/api/user/get-user-data-simple')).json<{
        subscription_tier: string;
        ai_generations_limit: number;
      }>();
      return body.subscription_tier === 'pro' ? body : undefined;
    });
    expect(record.ai_generations_limit).toBe(300);

    // Paying twice for the same session changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/stripe/test-checkout/${sessionId}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(again.statusCode).toBe(303);
    expect(await eventTypesOf(t.services.eventStore, streamIds.billing(client.userId))).toHaveLength(3);
  });

  it('simulates a failed payment, the grace period, recovery, and the downgrade when the clock passes it', async () => {
    const client = await t.signIn('grace@example.com');
    const { sessionId } = await checkout(client, 'price_test_starter');
    await t.app.inject({
      method: 'POST',
      url: `/api/stripe/test-checkout/${sessionId}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

    const failed = await client.post('/api/stripe/test-mode/payment-failed');
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({
      sent: ['invoice.payment_failed', 'customer.subscription.updated'],
      subscription: { tier: 'starter', status: 'past_due', effectiveTier: 'starter', graceDaysRemaining: 7 },
    });
    const recovered = await client.post('/api/stripe/test-mode/payment-recovered');
    expect(recovered.json()).toMatchObject({
      subscription: { status: 'active', paymentFailedAt: null, gracePeriodEndsAt: null },
    });

    await client.post('/api/stripe/test-mode/payment-failed');
    const beforeEnd = await client.post('/api/stripe/check-expired-subscriptions');
    expect(beforeEnd.json()).toMatchObject({ checked: 1, downgraded: [] });

    // The billing clock is global to the process: only an admin may move it (issue 11, defect 8).
    expect((await client.post('/api/stripe/test-mode/advance-clock', { days: 8 })).statusCode).toBe(403);
    const boss = await t.signIn('boss@example.com');
    const advanced = await boss.post('/api/stripe/test-mode/advance-clock', { days: 8 });
    expect(advanced.statusCode).toBe(200);
    expect(advanced.json<{ offsetMs: number }>().offsetMs).toBe(8 * 86_400_000);
    expect(await status(client)).toMatchObject({ tier: 'starter', effectiveTier: 'free', graceDaysRemaining: 0 });

    const check = await client.post('/api/stripe/check-expired-subscriptions');
    expect(check.json()).toMatchObject({
      downgraded: [{ userId: client.userId, fromTier: 'starter', reason: 'grace_period_ended' }],
    });
    expect(await status(client)).toMatchObject({ tier: 'free', status: 'active', paymentFailedAt: null });
  });

  it('opens the test billing portal, where the subscription can be canceled', async () => {
    const client = await t.signIn('portal@example.com');
    const noAccount = await client.post('/api/stripe/create-billing-portal-session', {});
    expect(noAccount.statusCode).toBe(404);

    const { sessionId } = await checkout(client, 'price_test_basic');
    await t.app.inject({
      method: 'POST',
      url: `/api/stripe/test-checkout/${sessionId}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const portal = await client.post('/api/stripe/create-billing-portal-session', {});
    expect(portal.statusCode).toBe(200);
    const portalUrl = new URL(portal.json<{ url: string }>().url);
    expect(portalUrl.pathname).toMatch(/^\/api\/stripe\/test-checkout\/portal\/bps_test_/);

    const page = await t.app.inject({ method: 'GET', url: portalUrl.pathname });
    expect(page.body).toContain('TEST MODE — no real payment');
    expect(page.body).toContain('Basic');
    // Issue 11, defect 8: the page says the clock is the whole server's and only an admin moves it.
    expect(page.body).toContain('Only an admin can move it forward');
    // Issue 13 item 3: every button posts where the route is, with no sign-in (the session id is the key).
    const press = async (label: string) => {
      const html = (await t.app.inject({ method: 'GET', url: portalUrl.pathname })).body;
      const form = [...html.matchAll(/<form method="post" action="([^"]+)"><button[^>]*>([^<]+)</g)].find(
        (match) => match[2] === label,
      );
      expect(form, `a "${label}" button`).toBeDefined();
      const response = await t.app.inject({
        method: 'POST',
        url: form![1]!.replaceAll('&amp;', '&'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(portalUrl.pathname);
    };
    await press('Simulate a failed renewal payment');
    expect(await status(client)).toMatchObject({ tier: 'basic', status: 'past_due', effectiveTier: 'basic' });
    await press('Pay the failed invoice (test)');
    expect(await status(client)).toMatchObject({ tier: 'basic', status: 'active', paymentFailedAt: null });
    await press('Cancel at the end of the period');
    // Canceled at period end: the plan stays until the paid period ends (issue 13 item 2).
    const canceled = await status(client);
    expect(canceled).toMatchObject({
      tier: 'basic',
      status: 'active',
      effectiveTier: 'basic',
      cancelAtPeriodEnd: true,
    });
    expect((await t.app.inject({ method: 'GET', url: portalUrl.pathname })).body).toContain('then Free');
  });

  it('refuses test-mode controls without a live subscription, and unknown sessions', async () => {
    const client = await t.signIn('nosub@example.com');
    const failed = await client.post('/api/stripe/test-mode/payment-failed');
    expect(failed.statusCode).toBe(409);
    const page = await t.app.inject({ method: 'GET', url: '/api/stripe/test-checkout/cs_test_nope' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('TEST MODE');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/test-mode/advance-clock',
      payload: { days: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('completes a test checkout once however many times Pay is pressed at once (issue 11, defect 8)', async () => {
    const client = await t.signIn('eager@example.com');
    const { sessionId } = await checkout(client, 'price_test_pro');
    const presses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/stripe/test-checkout/${sessionId}/complete`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: '',
        }),
      ),
    );
    expect(presses.map((press) => press.statusCode)).toEqual(Array(10).fill(303));
    const events = await t.services.eventStore.readByOwner(client.userId);
    expect(events.filter((event) => event.type === 'SubscriptionActivated')).toHaveLength(1);
  });
});
