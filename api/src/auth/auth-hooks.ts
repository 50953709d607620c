import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '@stride/domain/contracts/common';
import { DomainError } from '@stride/domain/shared/domain-error';
import type { Config } from '@stride/platform/config';
import { acceptsErasedUser, isApiRoute, isExternalRoute, isPublicRoute } from './public-routes';
import { accountDeletedError } from './erased-accounts';
import { checkSignature, constantTimeEquals } from './request-signature';
import { HttpError } from '../http/http-errors';
import { IdentityUnavailableError } from './clerk-users';
import { InvalidTokenError, type TokenVerifier } from './token-verifier';
import type { AuthUser } from './auth-user';

export interface AuthHookOptions {
  readonly config: Pick<Config, 'API_KEY' | 'REQUEST_SIGNING_SECRET' | 'REQUEST_MAX_SKEW_SECONDS'>;
  readonly verifier: TokenVerifier;
  /** Whether a user was erased: their valid tokens are refused (account_deleted) but on the erasure route. */
  readonly isErased?: (userId: string) => Promise<boolean>;
  readonly now?: () => number;
}

/** The matched route pattern (or the bare path when nothing matched). */
export const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? request.url.split('?')[0] ?? '';

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const bearerToken = (request: FastifyRequest): string | null => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headerValue(request, 'authorization') ?? '');
  return match?.[1] ?? null;
};

/**
 * The one place authentication is enforced, for every /api route but the public ones (public-routes.ts):
 * - onRequest (identify): API key (when API_KEY is set), then the bearer token -> `request.user` (an erased
 *   user's is refused: account_deleted, but on the erasure route itself); a failure is
 *   kept on the request, not thrown, so the rate limiter (registered next) counts the request per IP;
 * - onRequest (enforce, `registerAuthEnforcement`): throws the kept failure;
 * - preValidation: the body signature (when REQUEST_SIGNING_SECRET is set and the request has a body).
 * Registered on the root instance before any route, so no route can opt out by accident.
 */
export function registerAuthHooks(
  app: FastifyInstance,
  { config, verifier, isErased, now = Date.now }: AuthHookOptions,
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('rawBody', null);
  app.decorateRequest('authFailure', null);

  app.addHook('onRequest', async (request) => {
    try {
      await identify(request);
    } catch (error) {
      request.authFailure = error instanceof Error ? error : new Error(String(error));
    }
  });

  const identify = async (request: FastifyRequest) => {
    const route = routeOf(request);
    if (!isApiRoute(route)) return;
    if (config.API_KEY && !isExternalRoute(route)) {
      const given = headerValue(request, API_KEY_HEADER);
      if (!given || !constantTimeEquals(given, config.API_KEY)) {
        throw new DomainError('unauthorized', 'Invalid or missing API key', { header: API_KEY_HEADER });
      }
    }
    const token = bearerToken(request);
    if (isPublicRoute(route)) {
      // Public routes may still use the caller when a valid token is sent; a bad one is ignored there.
      if (token)
        request.user = await verifier.verify(token).then(
          ({ user }) => user,
          () => null,
        );
      return;
    }
    if (!token) throw new DomainError('unauthorized', 'Authentication required', { header: 'authorization' });
    let user: AuthUser;
    try {
      ({ user } = await verifier.verify(token));
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        request.log.info({ reason: error.message }, 'bearer token refused');
        throw new DomainError('unauthorized', 'Invalid or expired token', { header: 'authorization' });
      }
      if (error instanceof IdentityUnavailableError) {
        request.log.warn({ err: error }, 'identity lookup failed');
        throw new HttpError(503, 'identity_unavailable', 'Your account details could not be loaded; retry shortly');
      }
      throw error;
    }
    if (isErased && !acceptsErasedUser(route) && (await isErased(user.id))) throw accountDeletedError();
    request.user = user;
  };

  const secret = config.REQUEST_SIGNING_SECRET;
  if (!secret) return;
  app.addHook('preValidation', async (request) => {
    const route = routeOf(request);
    if (!isApiRoute(route) || isExternalRoute(route)) return;
    if (request.rawBody === null || request.rawBody === '') return;
    const problem = checkSignature({
      secret,
      maxSkewSeconds: config.REQUEST_MAX_SKEW_SECONDS,
      now: now(),
      timestamp: headerValue(request, TIMESTAMP_HEADER),
      signature: headerValue(request, SIGNATURE_HEADER),
      rawBody: request.rawBody,
    });
    if (problem === 'missing') {
      throw new DomainError('unauthorized', 'Request signature required', { header: SIGNATURE_HEADER });
    }
    if (problem === 'stale') {
      throw new DomainError('unauthorized', 'Request timestamp is missing or too old', { header: TIMESTAMP_HEADER });
    }
    if (problem === 'mismatch') {
      throw new DomainError('unauthorized', 'Invalid request signature', { header: SIGNATURE_HEADER });
    }
  });
}

/** Refuses a request whose identification failed; registered after the rate limiter (app.ts). */
export function registerAuthEnforcement(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.authFailure) throw request.authFailure;
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Why identification failed (auth-hooks.ts), thrown once the rate limiter has counted the request. */
    authFailure: Error | null;
  }
}
