import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { routeOf } from '../auth/auth-hooks';
import { isApiRoute } from '../auth/public-routes';
import { rateLimited } from './http-errors';

/**
 * Per caller (user id once authenticated, else client IP): RATE_LIMIT_PER_MINUTE requests a minute on
 * /api. Runs after authentication (preParsing) so it can key by user. Answers 429 with
 * `x-ratelimit-reset` (seconds until the window resets) and `retry-after`. In-process counters: with
 * several API processes behind a balancer each enforces the limit on its own share.
 */
export async function registerRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    hook: 'preParsing',
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
    allowList: (request) => !isApiRoute(routeOf(request)) || routeOf(request) === '/api/health',
    errorResponseBuilder: (_request, context) => rateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
