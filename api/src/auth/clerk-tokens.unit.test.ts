import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClerkTokens } from './clerk-tokens';
import { InvalidTokenError } from './token-verifier';

const APP = 'https://app.example.com';
const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const keys = pair();
const otherKeys = pair();
const pem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** A token shaped like Clerk's v2 session tokens (sid, azp, v, iss), with the given changes. */
function clerkToken(
  claims: Record<string, unknown> = {},
  { typ = 'JWT', kid = 'ins_key_1', key = keys.privateKey, iatOffset = -10, expIn = 60 } = {} as {
    typ?: string;
    kid?: string;
    key?: KeyObject;
    iatOffset?: number;
    expIn?: number;
  },
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    sid: 'sess_2abc',
    azp: APP,
    v: 2,
    iss: 'https://clerk.example.com',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', typ, kid })
    .setSubject(typeof claims.sub === 'string' ? claims.sub : 'user_2abc')
    .setIssuedAt(now + iatOffset)
    .setNotBefore(now + iatOffset)
    .setExpirationTime(now + expIn)
    .sign(key);
}

const withPem = (authorizedParties: string[] = [APP]) =>
  ClerkTokens.create({
    CLERK_JWT_KEY: pem,
    CLERK_JWKS_URL: undefined,
    CLERK_AUTHORIZED_PARTIES: authorizedParties,
    ADMIN_EMAILS: ['ops@example.com'],
  });

describe('ClerkTokens (verified by @clerk/backend verifyToken)', () => {
  it('accepts a Clerk session token and reads the user from its claims', async () => {
    const verified = await (await withPem()).verify(await clerkToken());
    expect(verified.user).toEqual({ id: 'user_2abc', email: 'ada@example.com', name: 'Ada Lovelace', isAdmin: false });
    expect(verified.expiresAt).toBeGreaterThan(Date.now());
  });

  it('reads the admin role from public_metadata and ADMIN_EMAILS', async () => {
    const verifier = await withPem();
    const byRole = await clerkToken({ public_metadata: { role: 'admin' } });
    expect((await verifier.verify(byRole)).user.isAdmin).toBe(true);
    expect((await verifier.verify(await clerkToken({ email: 'ops@example.com' }))).user.isAdmin).toBe(true);
  });

  it.each<[string, () => Promise<string>]>([
    ['no azp while authorized parties are configured', () => clerkToken({ azp: undefined })],
    ['an azp that is not authorized', () => clerkToken({ azp: 'https://evil.example.com' })],
    ['an iat in the future', () => clerkToken({}, { iatOffset: 120 })],
    ['an OAuth access token (typ at+jwt)', () => clerkToken({}, { typ: 'at+jwt' })],
    ['a machine token (cat claim)', () => clerkToken({ cat: 'cat_m2m', sub: 'mch_2xyz' })],
    ['a machine subject without cat', () => clerkToken({ sub: 'mch_2xyz' })],
    ['an expired token', () => clerkToken({}, { iatOffset: -600, expIn: -60 })],
    ["another key's signature", () => clerkToken({}, { key: otherKeys.privateKey })],
  ])('refuses %s', async (_case, token) => {
    await expect((await withPem()).verify(await token())).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('accepts a token without azp when no authorized parties are configured', async () => {
    const verified = await (await withPem([])).verify(await clerkToken({ azp: undefined }));
    expect(verified.user.id).toBe('user_2abc');
  });

  describe('with a JWKS URL', () => {
    let server: Server;
    let url = '';
    let fetches = 0;
    beforeAll(async () => {
      const jwk = { ...keys.publicKey.export({ format: 'jwk' }), kid: 'ins_key_1', alg: 'RS256', use: 'sig' };
      server = createServer((_request, response) => {
        fetches += 1;
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      const address = server.address();
      url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/.well-known/jwks.json`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('verifies with the key the token names, fetching the set once', async () => {
      const verifier = await ClerkTokens.create({
        CLERK_JWT_KEY: undefined,
        CLERK_JWKS_URL: url,
        CLERK_AUTHORIZED_PARTIES: [APP],
        ADMIN_EMAILS: [],
      });
      expect((await verifier.verify(await clerkToken())).user.id).toBe('user_2abc');
      expect((await verifier.verify(await clerkToken({ sub: 'user_3def' }))).user.id).toBe('user_3def');
      expect(fetches).toBe(1);
      await expect(verifier.verify(await clerkToken({}, { kid: 'ins_unknown' }))).rejects.toBeInstanceOf(
        InvalidTokenError,
      );
      await expect(verifier.verify(await clerkToken({}, { typ: 'at+jwt' }))).rejects.toBeInstanceOf(InvalidTokenError);
    });
  });
});
