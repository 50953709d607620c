import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RATE_LIMIT_RESET_HEADER } from '@stride/domain/contracts/common';
import { routeOf } from '../auth/auth-hooks';
import { isApiRoute } from '../auth/public-routes';
import { rateLimited } from './http-errors';

const WINDOW_MS = 60_000;

interface Window {
  count: number;
  readonly resetAt: number;
}

/** Fixed one-minute windows per key, in process. Expired windows are swept once a minute. */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private nextSweep = 0;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `key`; returns the seconds to wait when it is over the limit, else null. */
  hit(key: string): number | null {
    const now = this.now();
    if (now >= this.nextSweep) {
      for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
      this.nextSweep = now + WINDOW_MS;
    }
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + WINDOW_MS };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.perMinute ? Math.max(1, Math.ceil((window.resetAt - now) / 1000)) : null;
  }
}

/** The key a request is counted under: its user once signed in, else its client IP. */
export const rateLimitKey = (request: FastifyRequest): string =>
  request.user ? `user:${request.user.id}` : `ip:${request.ip}`;

/**
 * RATE_LIMIT_PER_MINUTE requests a minute on /api (but health) per caller: per user once the bearer token is
 * verified, per client IP before (no token, a bad or expired token, a public route). Registered as an
 * onRequest hook after the identifying hook and before the hook that refuses unauthenticated requests
 * (auth-hooks.ts), so a flood of bad tokens is limited too. Answers 429 with `x-ratelimit-reset` (seconds
 * until the window resets) and `retry-after`. In-process counters: with several API processes behind a
 * balancer each enforces the limit on its own share.
 */
export function registerRateLimit(app: FastifyInstance, perMinute: number, now: () => number = Date.now): void {
  const limiter = new RateLimiter(perMinute, now);
  app.addHook('onRequest', async (request, reply) => {
    const route = routeOf(request);
    if (!isApiRoute(route) || route === '/api/health') return;
    const waitSeconds = limiter.hit(rateLimitKey(request));
    if (waitSeconds === null) return;
    reply.header(RATE_LIMIT_RESET_HEADER, String(waitSeconds)).header('retry-after', String(waitSeconds));
    throw rateLimited(waitSeconds);
  });
}
