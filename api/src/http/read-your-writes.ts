import type { FastifyRequest } from 'fastify';
import { MIN_POSITION_HEADER } from '@stride/domain/contracts/common';
import { DomainError } from '@stride/domain/shared/domain-error';

const POSITION = /^\d{1,15}$/;

/**
 * The position a client says it has written up to: `x-min-position` header or `minPosition` query (the
 * larger if both). Reads never wait for it: the read models are updated in each command's transaction
 * (projections/src/core/inline-projections.ts), so every committed write is already in them. It is still
 * accepted (and checked: digits, else 400) because clients send it, and read caches use it to skip an
 * entry that may predate that write (goal-list-cache.ts).
 */
export function minPositionOf(request: FastifyRequest): number | null {
  const fromHeader = request.headers[MIN_POSITION_HEADER];
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.minPosition;
  const values = [Array.isArray(fromHeader) ? fromHeader[0] : fromHeader, fromQuery].filter(
    (value): value is string => typeof value === 'string',
  );
  for (const value of values) {
    if (!POSITION.test(value)) {
      throw new DomainError('validation', 'minPosition must be a log position (digits)', { field: 'minPosition' });
    }
  }
  return values.length === 0 ? null : Math.max(...values.map(Number));
}
