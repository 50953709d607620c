import type { FastifyRequest } from 'fastify';
import { DomainError } from '@stride/domain/shared/domain-error';

/** The caller of an authenticated request. */
export interface AuthUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every /api request that is not public; null otherwise. */
    user: AuthUser | null;
    /** The request body exactly as received (JSON bodies), for signature checks. */
    rawBody: string | null;
  }
}

/** The authenticated caller; a 401 when there is none (a public route calling it is a bug, not a hole). */
export const requireUser = (request: FastifyRequest): AuthUser => {
  if (!request.user) throw new DomainError('unauthorized', 'Authentication required');
  return request.user;
};

export const requireAdmin = (request: FastifyRequest): AuthUser => {
  const user = requireUser(request);
  if (!user.isAdmin) throw new DomainError('forbidden', 'Admin access required');
  return user;
};
