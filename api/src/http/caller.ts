import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@stride/domain/shared/domain-error';
import { requireUser } from '../auth/auth-user';

/** A body's userId: required ('User ID is required', spec section 5) and it must be the caller's own. */
export const callerUserIdSchema = z.string({ error: 'User ID is required' }).trim().min(1, 'User ID is required');

export function requireCallerUserId(request: FastifyRequest, userId: string): string {
  const caller = requireUser(request);
  if (userId !== caller.id) {
    throw new DomainError('forbidden', 'You can only act on your own account', { field: 'userId' });
  }
  return caller.id;
}

/** Log positions travel as decimal strings (contracts/common.ts positionSchema). */
export const positionString = (position: number | null): string | null => (position === null ? null : String(position));

/** For responses whose contract requires a position: the stream's last one, or 0 before any event. */
export const requiredPosition = (position: number | null): string => String(position ?? 0);
