import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '@stride/domain/contracts/common';
import { DomainError } from '@stride/domain/shared/domain-error';
import { requireUser } from '../auth/auth-user';
import type { CommandContext } from '@stride/application/commands/command-handler';
import type { IdempotencyClaim } from '@stride/application/commands/idempotency-store';

const CORRELATION_HEADER = 'x-correlation-id';
const KEY_PATTERN = /^[\w.:-]{1,200}$/;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The Idempotency-Key claim of a request, if it carries one (fingerprinted by method, route and body). */
export function idempotencyClaimOf(request: FastifyRequest): IdempotencyClaim | undefined {
  const key = header(request, IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return undefined;
  if (!KEY_PATTERN.test(key)) {
    throw new DomainError('validation', 'Idempotency-Key must be 1-200 letters, digits or . _ : -', {
      field: IDEMPOTENCY_KEY_HEADER,
    });
  }
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${request.url.split('?')[0]}\n`)
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
  return { userId: requireUser(request).id, key, fingerprint };
}

/** Metadata of a command run for an HTTP request: the caller, the request as cause and correlation. */
export function commandContextOf(request: FastifyRequest, idempotency?: IdempotencyClaim): CommandContext {
  const correlationId = header(request, CORRELATION_HEADER);
  return {
    userId: requireUser(request).id,
    correlationId: correlationId && KEY_PATTERN.test(correlationId) ? correlationId : request.id,
    causationId: request.id,
    ...(idempotency && { idempotency }),
  };
}
