import type { TokenVerifier, VerifiedToken } from './token-verifier';

/**
 * Remembers verified tokens until they expire (at most `maxAgeMs`), so a session's requests verify its
 * signature once instead of on every request. Keyed by the whole token: a different or altered token is
 * verified afresh. Bounded: the oldest entries are dropped past `maxEntries`.
 */
export class CachedTokenVerifier implements TokenVerifier {
  private readonly cache = new Map<string, VerifiedToken>();

  constructor(
    private readonly inner: TokenVerifier,
    private readonly options: { maxEntries?: number; maxAgeMs?: number; now?: () => number } = {},
  ) {}

  async verify(token: string): Promise<VerifiedToken> {
    const now = this.options.now?.() ?? Date.now();
    const cached = this.cache.get(token);
    if (cached && cached.expiresAt > now) return cached;
    if (cached) this.cache.delete(token);
    const verified = await this.inner.verify(token);
    const entry = {
      user: verified.user,
      expiresAt: Math.min(verified.expiresAt, now + (this.options.maxAgeMs ?? 300_000)),
    };
    this.cache.set(token, entry);
    if (this.cache.size > (this.options.maxEntries ?? 10_000)) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    return entry;
  }
}
