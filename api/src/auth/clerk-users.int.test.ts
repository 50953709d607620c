import { generateKeyPairSync } from 'node:crypto';
import { createClerkClient } from '@clerk/backend';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeClerkServer, type FakeClerkServer } from '@stride/testing/fake-clerk/fake-clerk-server';
import { ClerkTokens } from './clerk-tokens';
import { ClerkUsers, IdentityUnavailableError } from './clerk-users';
import { InvalidTokenError } from './token-verifier';

/**
 * Identity from Clerk's Backend API (issue 11): a session token without an `email` claim (Clerk's default)
 * gets the user's verified primary email from `users.getUser`, through @clerk/backend's own client pointed
 * at a local fake of the API, cached per user.
 */
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

const sessionToken = (sub: string, claims: Record<string, unknown> = {}) => {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: 'sess_1', v: 2, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'ins_1' })
    .setSubject(sub)
    .setIssuedAt(now - 5)
    .setNotBefore(now - 5)
    .setExpirationTime(now + 60)
    .sign(keys.privateKey);
};

describe('identity from Clerk Backend API (fake server, @clerk/backend client)', () => {
  let clerk: FakeClerkServer;
  let tokens: ClerkTokens;
  beforeAll(async () => {
    clerk = await startFakeClerkServer();
    tokens = await ClerkTokens.create({
      CLERK_JWT_KEY: pem,
      CLERK_JWKS_URL: undefined,
      CLERK_AUTHORIZED_PARTIES: [],
      ADMIN_EMAILS: ['ops@example.com'],
      CLERK_SECRET_KEY: clerk.secretKey,
      CLERK_API_URL: clerk.url,
      CLERK_USER_CACHE_TTL_SECONDS: 300,
    });
  });
  afterAll(async () => {
    await clerk.close();
  });
  beforeEach(() => {
    clerk.failWith(null);
    clerk.requests.length = 0;
  });

  const calls = (userId: string) => clerk.requests.filter((r) => r.path === `/v1/users/${userId}`).length;

  it("fills a token without email from the user's verified primary address, with the secret key, once per user", async () => {
    clerk.setUser({ id: 'user_ada', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    const first = await tokens.verify(await sessionToken('user_ada'));
    expect(first.user).toEqual({ id: 'user_ada', email: 'ada@example.com', name: 'Ada Lovelace', isAdmin: false });
    expect(clerk.requests[0]?.authorization).toBe(`Bearer ${clerk.secretKey}`);
    // another token of the same user (Clerk mints one a minute): the cached user, no second call
    const second = await tokens.verify(await sessionToken('user_ada', { sid: 'sess_2' }));
    expect(second.user.email).toBe('ada@example.com');
    expect(calls('user_ada')).toBe(1);
  });

  it("keeps the token's own claims: an email claim means no call; the token's name wins", async () => {
    clerk.setUser({ id: 'user_bo', email: 'bo@example.com', firstName: 'Bo' });
    const withEmail = await tokens.verify(await sessionToken('user_bo', { email: 'bo.claimed@example.com' }));
    expect(withEmail.user.email).toBe('bo.claimed@example.com');
    expect(calls('user_bo')).toBe(0);
    const namedOnly = await tokens.verify(await sessionToken('user_bo', { name: 'Bo From Token' }));
    expect(namedOnly.user).toMatchObject({ email: 'bo@example.com', name: 'Bo From Token' });
  });

  it('makes an admin of an ADMIN_EMAILS address only as Clerk has verified it', async () => {
    clerk.setUser({ id: 'user_ops', email: 'ops@example.com' });
    expect((await tokens.verify(await sessionToken('user_ops'))).user.isAdmin).toBe(true);
    clerk.setUser({ id: 'user_fake_ops', email: 'ops@example.com', emailStatus: 'unverified' });
    expect((await tokens.verify(await sessionToken('user_fake_ops'))).user).toMatchObject({
      email: '',
      isAdmin: false,
    });
  });

  it('refuses a token of a user Clerk does not know', async () => {
    await expect(tokens.verify(await sessionToken('user_gone'))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('an outage with nothing cached is IdentityUnavailableError (503), not an empty identity', async () => {
    clerk.setUser({ id: 'user_cy', email: 'cy@example.com' });
    clerk.failWith(503);
    await expect(tokens.verify(await sessionToken('user_cy'))).rejects.toBeInstanceOf(IdentityUnavailableError);
    clerk.failWith(null);
    expect((await tokens.verify(await sessionToken('user_cy'))).user.email).toBe('cy@example.com');
  });

  describe('ClerkUsers cache', () => {
    const client = () => createClerkClient({ secretKey: clerk.secretKey, apiUrl: clerk.url });

    it('fetches again after the TTL, shares one call between concurrent lookups, and serves a stale entry in an outage', async () => {
      let now = 1_000_000;
      const users = new ClerkUsers({ getUser: (id) => client().users.getUser(id), ttlMs: 60_000, now: () => now });
      clerk.setUser({ id: 'user_di', email: 'di@example.com' });
      const together = await Promise.all(Array.from({ length: 5 }, () => users.identityOf('user_di')));
      expect(together.map((i) => i.email)).toEqual(Array(5).fill('di@example.com'));
      expect(calls('user_di')).toBe(1);

      now += 59_000;
      await users.identityOf('user_di');
      expect(calls('user_di')).toBe(1);

      clerk.setUser({ id: 'user_di', email: 'di.new@example.com' });
      now += 2_000;
      expect((await users.identityOf('user_di')).email).toBe('di.new@example.com');
      expect(calls('user_di')).toBe(2);

      now += 61_000;
      clerk.failWith(500);
      expect((await users.identityOf('user_di')).email).toBe('di.new@example.com');
      expect(calls('user_di')).toBe(3);
    });

    it('a wrong secret key is an outage, never an empty identity', async () => {
      const users = new ClerkUsers({
        getUser: (id) => createClerkClient({ secretKey: 'sk_wrong', apiUrl: clerk.url }).users.getUser(id),
        ttlMs: 60_000,
      });
      clerk.setUser({ id: 'user_ed', email: 'ed@example.com' });
      await expect(users.identityOf('user_ed')).rejects.toBeInstanceOf(IdentityUnavailableError);
    });
  });
});
