import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { DEV_TOKEN_LIFETIME_SECONDS, DevTokens, devUserIdForEmail, loadDevAuthSecret } from './dev-tokens';
import { InvalidTokenError } from './token-verifier';

describe('dev tokens', () => {
  it('the same email is the same user; tokens round-trip; ADMIN_EMAILS makes admins', async () => {
    expect(devUserIdForEmail(' Ann@Example.com ')).toBe(devUserIdForEmail('ann@example.com'));
    const tokens = new DevTokens('secret', ['boss@example.com']);
    const user = tokens.userFor('Boss@Example.com', 'Boss');
    expect(user).toMatchObject({ email: 'boss@example.com', isAdmin: true });
    const verified = await tokens.verify(await tokens.issue(user));
    expect(verified.user).toEqual(user);
    expect(verified.expiresAt).toBeGreaterThan(Date.now());
  });

  it("an email's later accounts (generations) have ids of their own, named by their tokens", async () => {
    const tokens = new DevTokens('secret', []);
    const ids = [0, 1, 2].map((generation) => devUserIdForEmail('ann@example.com', generation));
    expect(new Set(ids).size).toBe(3);
    expect(ids[0]).toBe(devUserIdForEmail('ann@example.com'));
    expect(devUserIdForEmail(' Ann@Example.com ', 2)).toBe(ids[2]);
    const second = tokens.userFor('ann@example.com', 'Ann', 1);
    expect(second.id).toBe(ids[1]);
    expect((await tokens.verify(await tokens.issue(second, 1))).user).toEqual(second);
    // A token must name the generation its subject was made for.
    await expect(tokens.verify(await tokens.issue(second))).rejects.toThrow(InvalidTokenError);
    await expect(tokens.verify(await tokens.issue(tokens.userFor('ann@example.com', 'Ann'), 1))).rejects.toThrow(
      InvalidTokenError,
    );
  });

  it('refuses tokens of another secret and tokens whose subject does not match the email', async () => {
    const mine = new DevTokens('secret', []);
    const theirs = new DevTokens('other', []);
    await expect(mine.verify(await theirs.issue(theirs.userFor('a@example.com', 'A')))).rejects.toThrow(
      InvalidTokenError,
    );
    const forged = await mine.issue({
      id: devUserIdForEmail('victim@example.com'),
      email: 'me@example.com',
      name: 'Me',
      isAdmin: false,
    });
    await expect(mine.verify(forged)).rejects.toThrow(InvalidTokenError);
  });

  it('issues tokens that expire, and refuses tokens with no expiry, an old iat, an iat in the future or a bad generation', async () => {
    const secret = 'secret';
    const tokens = new DevTokens(secret, []);
    const user = tokens.userFor('a@example.com', 'A');
    const verified = await tokens.verify(await tokens.issue(user));
    expect(verified.expiresAt).toBeLessThanOrEqual(Date.now() + DEV_TOKEN_LIFETIME_SECONDS * 1000 + 1000);
    const key = new TextEncoder().encode(secret);
    const base = (claims: Record<string, unknown> = {}) =>
      new SignJWT({ email: user.email, name: user.name, ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer('stride-dev')
        .setAudience('stride-api');
    const nowSeconds = Math.floor(Date.now() / 1000);
    const noExpiry = await base().setIssuedAt().sign(key);
    const ancient = await base()
      .setIssuedAt(nowSeconds - 400 * 24 * 3600)
      .setExpirationTime(nowSeconds + 3600)
      .sign(key);
    const future = await base()
      .setIssuedAt(nowSeconds + 3600)
      .setExpirationTime(nowSeconds + 7200)
      .sign(key);
    const badGeneration = await base({ gen: -1 })
      .setIssuedAt()
      .setExpirationTime(nowSeconds + 3600)
      .sign(key);
    for (const token of [noExpiry, ancient, future, badGeneration]) {
      await expect(tokens.verify(token)).rejects.toThrow(InvalidTokenError);
    }
  });

  it('generates and keeps a secret in DATA_DIR when none is configured', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'stride-dev-secret-'));
    const first = await loadDevAuthSecret({ dataDir, DEV_AUTH_SECRET: undefined });
    const second = await loadDevAuthSecret({ dataDir, DEV_AUTH_SECRET: undefined });
    expect(first).toBe(second);
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect((await stat(path.join(dataDir, 'dev-auth-secret'))).mode & 0o777).toBe(0o600);
    expect(await readFile(path.join(dataDir, 'dev-auth-secret'), 'utf8')).toBe(first);
    expect(await loadDevAuthSecret({ dataDir, DEV_AUTH_SECRET: 'configured' })).toBe('configured');
  });
});
