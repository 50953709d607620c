import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type ProductProcess } from '@stride/testing/product-process';

/**
 * The product as `npm start` runs it (embedded PostgreSQL, no Stripe account, the built-in test checkout),
 * driven over HTTP: sign in, upgrade, see the new limits, a payment fails, the grace period shows, the
 * billing clock passes its end, and the user is downgraded.
 */
const DAY_MS = 86_400_000;

let product: ProductProcess | undefined;
let baseUrl = '';
let token = '';
const serverLog = () => product?.output() ?? '';

const api = async <T = Record<string, unknown>>(
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; body: T }> => {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
};

interface UserRecord {
  subscription_tier: string;
  subscription_status: string;
  goals_limit: number;
  ai_generations_limit: number;
  payment_failed_at: string | null;
  grace_period_ends_at: string | null;
}

/** The server user record once it satisfies `done` (the read model follows the events within moments). */
async function userRecordWhen(done: (record: UserRecord) => boolean, timeoutMs = 10_000): Promise<UserRecord> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await api<UserRecord>('GET', '/api/user/get-user-data-simple');
    if (status === 200 && done(body)) return body;
    if (Date.now() > until) throw new Error(`user record never matched; last: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  product = await startProduct({
    env: { SERVE_WEB: 'false', GRACE_PERIOD_DAYS: '7', ADMIN_EMAILS: 'ops@example.com' },
    timeoutMs: 240_000,
  });
  baseUrl = product.url;
});

afterAll(async () => {
  await product?.stop();
  if (product) await rm(product.dataDir, { recursive: true, force: true });
});

describe('upgrade, failed payment, grace period and downgrade in `npm start` (test checkout)', () => {
  it('runs the whole journey over HTTP', async () => {
    const signIn = await api<{ token: string; user: { id: string } }>('POST', '/api/dev/sign-in', {
      email: 'journey@example.com',
      name: 'Journey',
    });
    expect(signIn.status).toBe(200);
    token = signIn.body.token;
    const ensured = await api('POST', '/api/user/ensure-user-exists', {
      email: 'journey@example.com',
      name: 'Journey',
    });
    expect(ensured, serverLog()).toMatchObject({ status: 200 });
    expect(await userRecordWhen(() => true)).toMatchObject({
      subscription_tier: 'free',
      goals_limit: 1,
      ai_generations_limit: 3,
    });

    // Upgrade to pro through the built-in test checkout.
    const plans = await api<{ paymentsMode: string; plans: Array<{ id: string; stripePriceId: string | null }> }>(
      'GET',
      '/api/plans',
    );
    expect(plans.body.paymentsMode).toBe('test-checkout');
    const proPrice = plans.body.plans.find((plan) => plan.id === 'pro')?.stripePriceId;
    expect(proPrice).toBeTruthy();
    const checkout = await api<{ sessionId: string; url: string }>(
      'POST',
      '/api/stripe/create-checkout-session-simple',
      { priceId: proPrice },
    );
    expect(checkout.status).toBe(200);
    const page = await fetch(checkout.body.url);
    expect(await page.text()).toContain('TEST MODE — no real payment');
    const pay = await fetch(`${checkout.body.url}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(pay.status, serverLog()).toBe(303);
    expect(pay.headers.get('location')).toBe(`${baseUrl}/payment-success?success=true`);

    // The new limits are visible at once.
    expect(await userRecordWhen((r) => r.subscription_tier === 'pro')).toMatchObject({
      subscription_status: 'active',
      goals_limit: -1,
      ai_generations_limit: 300,
    });

    // A renewal payment fails: past due, with a grace period, through the API.
    const failed = await api<{
      subscription: { status: string; graceDaysRemaining: number; gracePeriodEndsAt: string };
    }>('POST', '/api/stripe/test-mode/payment-failed');
    expect(failed.status).toBe(200);
    expect(failed.body.subscription).toMatchObject({ status: 'past_due', graceDaysRemaining: 7 });
    const grace = await userRecordWhen((r) => r.subscription_status === 'past_due');
    expect(grace).toMatchObject({
      subscription_tier: 'pro',
      payment_failed_at: expect.any(String),
      grace_period_ends_at: failed.body.subscription.gracePeriodEndsAt,
    });
    expect(Date.parse(grace.grace_period_ends_at ?? '') - Date.parse(grace.payment_failed_at ?? '')).toBe(7 * DAY_MS);

    // Nothing expires early.
    const early = await api<{ downgraded: unknown[] }>('POST', '/api/stripe/check-expired-subscriptions');
    expect(early.body.downgraded).toEqual([]);

    // The billing clock passes the end of the grace period; the billing job downgrades the user.
    // The test clock is the deployment's, so only an admin may move it.
    const userToken = token;
    const ops = await api<{ token: string }>('POST', '/api/dev/sign-in', { email: 'ops@example.com', name: 'Ops' });
    token = ops.body.token;
    expect((await api('POST', '/api/stripe/test-mode/advance-clock', { days: 8 })).status).toBe(200);
    token = userToken;
    const job = await api<{ downgraded: Array<{ fromTier: string; reason: string }> }>(
      'POST',
      '/api/stripe/check-expired-subscriptions',
    );
    expect(job.body.downgraded).toEqual([
      { userId: signIn.body.user.id, fromTier: 'pro', reason: 'grace_period_ended' },
    ]);
    expect(await userRecordWhen((r) => r.subscription_tier === 'free')).toMatchObject({
      subscription_status: 'active',
      payment_failed_at: null,
      grace_period_ends_at: null,
      goals_limit: 1,
      ai_generations_limit: 3,
    });
    const status = await api('GET', '/api/stripe/subscription-status');
    expect(status.body).toMatchObject({ tier: 'free', effectiveTier: 'free', gracePeriodEndsAt: null });
  });
});
