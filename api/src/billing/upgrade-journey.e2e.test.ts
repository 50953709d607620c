import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@stride/platform/embedded/free-port';

/**
 * The product as `npm start` runs it (embedded PostgreSQL, no Stripe account, the built-in test checkout),
 * driven over HTTP: sign in, upgrade, see the new limits, a payment fails, the grace period shows, the
 * billing clock passes its end, and the user is downgraded.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DAY_MS = 86_400_000;

let server: ChildProcess | undefined;
let serverLog = '';
let dataDir = '';
let baseUrl = '';
let token = '';

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

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    if (server?.exitCode !== null && server?.exitCode !== undefined)
      throw new Error(`server exited early:\n${serverLog}`);
    if (Date.now() > until) throw new Error(`server did not become healthy:\n${serverLog}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  const port = await findFreePort();
  dataDir = await mkdtemp(path.join(tmpdir(), 'stride-billing-e2e-'));
  baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_MODE: 'dev',
    LOG_LEVEL: 'warn',
    STRIDE_SKIP_STATIC: '1',
    GRACE_PERIOD_DAYS: '7',
  };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'KAFKA_BROKERS',
    'CLICKHOUSE_URL',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'AI_API_URL',
    'AI_API_KEY',
    'AI_MODEL',
    'PUBLIC_URL',
  ]) {
    delete env[name];
  }
  server = spawn('npx', ['tsx', 'api/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  await waitForHealth(baseUrl, 240_000);
});

afterAll(async () => {
  const pid = server?.pid;
  if (pid !== undefined && server?.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    process.kill(-pid, 'SIGTERM'); // the process group this test started (npx and the server under it)
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server?.exitCode === null) process.kill(-pid, 'SIGKILL');
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
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
    expect(ensured, serverLog).toMatchObject({ status: 200 });
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
    expect(pay.status, serverLog).toBe(303);
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
    expect((await api('POST', '/api/stripe/test-mode/advance-clock', { days: 8 })).status).toBe(200);
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
