import { describe, expect, it } from 'vitest';
import { CachedTokenVerifier } from './cached-token-verifier';
import { InvalidTokenError, type TokenVerifier } from './token-verifier';

const user = { id: 'u', email: 'u@example.com', name: 'U', isAdmin: false };

describe('CachedTokenVerifier', () => {
  it('verifies a token once until it expires, and never caches a refusal', async () => {
    let now = 1_000;
    const calls: string[] = [];
    const inner: TokenVerifier = {
      async verify(token) {
        calls.push(token);
        if (token === 'bad') throw new InvalidTokenError('bad');
        return { user, expiresAt: 5_000 };
      },
    };
    const verifier = new CachedTokenVerifier(inner, { now: () => now });
    await verifier.verify('good');
    await verifier.verify('good');
    expect(calls).toEqual(['good']);
    await expect(verifier.verify('bad')).rejects.toThrow(InvalidTokenError);
    await expect(verifier.verify('bad')).rejects.toThrow(InvalidTokenError);
    expect(calls).toEqual(['good', 'bad', 'bad']);
    now = 5_000;
    await expect(verifier.verify('good')).resolves.toMatchObject({ user });
    expect(calls).toEqual(['good', 'bad', 'bad', 'good']);
  });

  it('stays bounded', async () => {
    const inner: TokenVerifier = { verify: async () => ({ user, expiresAt: Number.MAX_SAFE_INTEGER }) };
    const seen: string[] = [];
    const counting: TokenVerifier = { verify: async (token) => (seen.push(token), inner.verify(token)) };
    const verifier = new CachedTokenVerifier(counting, { maxEntries: 2 });
    for (const token of ['a', 'b', 'c', 'a']) await verifier.verify(token);
    expect(seen).toEqual(['a', 'b', 'c', 'a']);
  });
});
