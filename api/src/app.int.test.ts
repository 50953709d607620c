import { request as httpRequest } from 'node:http';
import { PassThrough } from 'node:stream';
import { generateKeyPair, exportSPKI, SignJWT } from 'jose';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from './auth/request-signature';
import { routePlugins } from './routes/route-plugins';
import { buildApp } from './app';
import { startFakeClerkServer, type FakeClerkServer } from '@stride/testing/fake-clerk/fake-clerk-server';
import { startTestApp, type TestApp } from '../test/test-app';

describe('app shell: public routes, authentication, errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves health and config without a token', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    // The test app is composed as `npm start` is: every component runs in this process and is up.
    expect(health.json()).toMatchObject({
      status: 'ok',
      modes: { database: 'postgres', bus: 'postgres-log', queue: 'in-process', analytics: 'embedded-chdb' },
      components: {
        database: { status: 'up', mode: 'postgres', oldestOpenTransactionSeconds: expect.any(Number) },
        bus: { status: 'up', mode: 'postgres-log' },
        queues: { status: 'up', mode: 'in-process' },
        analytics: { status: 'up', mode: 'embedded-chdb' },
      },
    });
    expect(health.json().projections.map((p: { name: string }) => p.name)).toEqual([
      'users',
      'usage',
      'goals',
      'collections',
      'subtasks',
      'planner',
      'calendar',
      'templates',
    ]);
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toEqual({
      authMode: 'dev',
      clerkPublishableKey: null,
      paymentsMode: 'test-checkout',
      supportEmail: 'support@stride.app',
      requestSigning: false,
    });
  });

  it('dev sign-in maps the same email to the same user, and admins by ADMIN_EMAILS', async () => {
    const first = await t.signIn('Someone@Example.com');
    const again = await t.signIn('someone@example.com');
    expect(first.userId).toBe(again.userId);
    expect(first.userId).toMatch(/^usr_[0-9a-f]{24}$/);
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/dev/sign-in',
      payload: { email: 'boss@example.com', name: 'Boss' },
    });
    expect(admin.json().user.isAdmin).toBe(true);
    const bad = await t.app.inject({ method: 'POST', url: '/api/dev/sign-in', payload: { email: 'nope', name: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation', details: { field: 'email', location: 'body' } });
  });

  it('401 without a token, with a bad token, and with a token signed by another secret', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/goals/list' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: 'Authentication required', code: 'unauthorized' });
    const garbage = await t.app.inject({
      method: 'GET',
      url: '/api/goals/list',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(garbage.statusCode).toBe(401);
    const forged = await new SignJWT({ email: 'a@example.com', name: 'A' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('usr_x')
      .setIssuer('stride-dev')
      .setAudience('stride-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret'));
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/goals/list',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Invalid or expired token');
  });

  it('400 names the failing field; malformed JSON is a 400; unknown /api routes are 404 JSON', async () => {
    const client = await t.signIn('fields@example.com');
    const missing = await client.post('/api/goals/create-simple', { description: 'no title' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation', details: { field: 'title', location: 'body' } });
    const nested = await client.post('/api/goals/update', { goalId: 'g1', updates: { priority: 'urgent' } });
    expect(nested.json().details.field).toBe('updates.priority');
    const malformed = await client.request({
      method: 'POST',
      url: '/api/goals/create-simple',
      payload: '{"title":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBeTypeOf('string');
    const unknown = await client.get('/api/no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('app shell: 500, timeout, rate limit', () => {
  const failing: FastifyPluginAsyncZod = async (app) => {
    app.get('/boom', async () => {
      throw new Error('secret database detail: password=hunter2');
    });
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return { late: true };
    });
    // A handler that chose its content type before it was late (as a static file does).
    app.get('/slow-page', async (_request, reply) => {
      void reply.type('text/html');
      await new Promise((resolve) => setTimeout(resolve, 400));
      return '<p>late</p>';
    });
    // A download under way that never ends by itself (a large file to a slow browser).
    app.get('/download', (_request, reply) => {
      const stream = new PassThrough();
      stream.write('console.log("first chunk");\n');
      return reply.type('text/javascript').send(stream);
    });
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { REQUEST_TIMEOUT_MS: '150', RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 500 without internals', async () => {
    const app = await buildApp(t.services, { routes: [...routePlugins, { prefix: '/api/test', plugin: failing }] });
    const client = await t.signIn('boom@example.com');
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error' });
    expect(response.body).not.toContain('hunter2');

    const slow = await app.inject({
      method: 'GET',
      url: '/api/test/slow',
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toEqual({ error: 'Request timeout after 150ms', code: 'timeout' });
    const slowPage = await app.inject({
      method: 'GET',
      url: '/api/test/slow-page',
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(slowPage.statusCode).toBe(503);
    expect(slowPage.json()).toMatchObject({ code: 'timeout' });
    await app.close();
  });

  it('survives a download the browser stops: the timeout leaves a response under way alone', async () => {
    const app = await buildApp(t.services, { routes: [...routePlugins, { prefix: '/api/test', plugin: failing }] });
    const client = await t.signIn('download@example.com');
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      // The browser reads the first chunk, then navigates away (the connection closes mid-response).
      const firstChunk = await new Promise<string>((resolve, reject) => {
        const request = httpRequest(
          { host: '127.0.0.1', port, path: '/api/test/download', headers: { authorization: `Bearer ${client.token}` } },
          (response) => {
            response.once('data', (chunk: Buffer) => {
              resolve(chunk.toString());
              request.destroy();
            });
          },
        );
        request.on('error', reject);
        request.end();
      });
      expect(firstChunk).toContain('first chunk');
      // Well past the 150 ms timeout: the server has not thrown and still answers.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(uncaught).toEqual([]);
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      process.off('uncaughtException', onUncaught);
      await app.close();
    }
  });

  it('429 after the per-user limit, with x-ratelimit-reset', async () => {
    const client = await t.signIn('busy@example.com');
    const statuses: number[] = [];
    let limited;
    for (let i = 0; i < 7; i += 1) {
      const response = await client.get('/api/goals/list');
      statuses.push(response.statusCode);
      if (response.statusCode === 429) limited = response;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]); // sign-in counted against the IP, not the user
    expect(limited?.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited?.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    // another user has their own budget
    const other = await t.signIn('calm@example.com');
    expect((await other.get('/api/goals/list')).statusCode).toBe(200);
  });
});

describe('app shell: API key and request signing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { API_KEY: 'k-123', REQUEST_SIGNING_SECRET: 'sign-me', REQUEST_MAX_SKEW_SECONDS: '60' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const signed = (body: string, timestamp = String(Date.now())) => ({
    'x-api-key': 'k-123',
    'x-request-timestamp': timestamp,
    'x-request-signature': signBody('sign-me', timestamp, body),
    'content-type': 'application/json',
  });

  it('requires the API key except on health', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/config', headers: { 'x-api-key': 'wrong' } })).statusCode,
    ).toBe(401);
    const config = await t.app.inject({ method: 'GET', url: '/api/config', headers: { 'x-api-key': 'k-123' } });
    expect(config.json().requestSigning).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('accepts a valid signature and refuses missing, wrong and stale ones', async () => {
    const body = JSON.stringify({ email: 'signer@example.com', name: 'Signer' });
    const ok = await t.app.inject({ method: 'POST', url: '/api/dev/sign-in', payload: body, headers: signed(body) });
    expect(ok.statusCode).toBe(200);
    const token = ok.json().token as string;

    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/dev/sign-in',
      payload: body,
      headers: { 'x-api-key': 'k-123', 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error).toBe('Request signature required');

    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/dev/sign-in',
      payload: body.replace('Signer', 'Mallory'),
      headers: signed(body),
    });
    expect(tampered.json().error).toBe('Invalid request signature');

    const old = String(Date.now() - 120_000);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/dev/sign-in',
      payload: body,
      headers: signed(body, old),
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error).toBe('Request timestamp is missing or too old');

    // GETs have no body: no signature needed, the token and API key are.
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/goals/list',
      headers: { 'x-api-key': 'k-123', authorization: `Bearer ${token}` },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('app shell: AUTH_MODE=clerk', () => {
  let t: TestApp;
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey;
    t = await startTestApp({
      env: {
        AUTH_MODE: 'clerk',
        CLERK_JWT_KEY: await exportSPKI(pair.publicKey),
        CLERK_AUTHORIZED_PARTIES: 'https://app.example.com',
        ADMIN_EMAILS: 'ops@example.com',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const clerkToken = (claims: Record<string, unknown>, expiresIn = '5m') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject('user_2abc')
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(privateKey);
  const listWith = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/user/get-user-data-bypass',
      headers: { authorization: `Bearer ${token}` },
    });

  it('has no dev sign-in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dev/sign-in',
      payload: { email: 'a@b.co', name: 'A' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('verifies session tokens without the network and checks azp and expiry', async () => {
    expect(
      (await listWith(await clerkToken({ azp: 'https://app.example.com', email: 'c@example.com' }))).statusCode,
    ).toBe(200);
    expect((await listWith(await clerkToken({ azp: 'https://evil.example.com' }))).statusCode).toBe(401);
    expect((await listWith(await clerkToken({ azp: 'https://app.example.com' }, '-1m'))).statusCode).toBe(401);
  });

  it('refuses what Clerk refuses: no azp, iat in the future, OAuth access tokens, machine tokens', async () => {
    const noAzp = await clerkToken({ email: 'c@example.com' });
    const future = await new SignJWT({ azp: 'https://app.example.com' })
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject('user_2abc')
      .setIssuedAt(Math.floor(Date.now() / 1000) + 600)
      .setExpirationTime('15m')
      .sign(privateKey);
    const oauth = await new SignJWT({ azp: 'https://app.example.com' })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' })
      .setSubject('user_2abc')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    const machine = await clerkToken({ azp: 'https://app.example.com', cat: 'cat_m2m' });
    for (const token of [noAzp, future, oauth, machine]) expect((await listWith(token)).statusCode).toBe(401);
  });

  it("registers the identity of the token: the body's email is ignored, a token without email is a 400", async () => {
    const ensure = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/ensure-user-exists',
        headers: { authorization: `Bearer ${token}` },
        payload: { email: 'victim@example.com', name: 'Victim' },
      });
    const withEmail = await ensure(
      await clerkToken({ azp: 'https://app.example.com', email: 'c@example.com', name: 'Cleo' }),
    );
    expect(withEmail.json().user).toMatchObject({ email: 'c@example.com', name: 'Cleo' });
    const withoutEmail = await ensure(await clerkToken({ azp: 'https://app.example.com' }));
    expect(withoutEmail.statusCode).toBe(400);
    expect(JSON.stringify(withoutEmail.json())).toContain('email');
  });

  it('reads the admin role from public_metadata or ADMIN_EMAILS', async () => {
    const byRole = await clerkToken({ azp: 'https://app.example.com', public_metadata: { role: 'admin' } });
    const byEmail = await clerkToken({ azp: 'https://app.example.com', email: 'ops@example.com' });
    const plain = await clerkToken({ azp: 'https://app.example.com', email: 'c@example.com' });
    const audit = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/audit/users/user_2abc', headers: { authorization: `Bearer ${token}` } });
    expect((await audit(byRole)).statusCode).toBe(200);
    expect((await audit(byEmail)).statusCode).toBe(200);
    expect((await audit(plain)).statusCode).toBe(403);
  });
});

describe("app shell: AUTH_MODE=clerk with Clerk's Backend API (CLERK_SECRET_KEY)", () => {
  let t: TestApp;
  let clerk: FakeClerkServer;
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey;
    clerk = await startFakeClerkServer();
    t = await startTestApp({
      env: {
        AUTH_MODE: 'clerk',
        CLERK_JWT_KEY: await exportSPKI(pair.publicKey),
        CLERK_SECRET_KEY: clerk.secretKey,
        CLERK_API_URL: clerk.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await clerk.close();
  });

  /** Clerk's default session token: no email, no name. */
  const defaultToken = (sub: string) =>
    new SignJWT({ sid: 'sess_1', v: 2 })
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(privateKey);
  const ensure = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/ensure-user-exists',
      headers: { authorization: `Bearer ${token}` },
      payload: { email: 'victim@example.com', name: 'Victim' },
    });

  it("registers the email and name Clerk holds for a default token, never the body's", async () => {
    clerk.setUser({ id: 'user_dflt', email: 'dee@example.com', firstName: 'Dee', lastName: 'Fault' });
    const response = await ensure(await defaultToken('user_dflt'));
    expect(response.statusCode).toBeLessThan(300);
    expect(response.json().user).toMatchObject({ id: 'user_dflt', email: 'dee@example.com', name: 'Dee Fault' });
  });

  it('answers 503 identity_unavailable while Clerk cannot be reached for a user not seen yet', async () => {
    clerk.setUser({ id: 'user_later', email: 'later@example.com' });
    clerk.failWith(502);
    try {
      const response = await ensure(await defaultToken('user_later'));
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('identity_unavailable');
    } finally {
      clerk.failWith(null);
    }
    expect((await ensure(await defaultToken('user_later'))).json().user.email).toBe('later@example.com');
  });
});
