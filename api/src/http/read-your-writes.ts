import type { FastifyReply, FastifyRequest } from 'fastify';
import { MIN_POSITION_HEADER } from '@stride/domain/contracts/common';
import { DomainError } from '@stride/domain/shared/domain-error';
import type { LogCheckpoint } from '@stride/platform/event-store/types';
import { ProjectionTimeoutError } from '@stride/projections/projection-runner';
import type { CoreProjectionName } from '@stride/projections/core-projections';

/** How long a read waits for the read models; well inside the 10 s request timeout. */
export const READ_MODEL_WAIT_MS = 5_000;

const POSITION = /^\d{1,15}$/;

/** The position a read must see: `x-min-position` header or `minPosition` query (the larger if both). */
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

/** What a read must include: nothing in particular, or everything up to a log checkpoint. */
export type ReadRequirement =
  { readonly kind: 'any' } | { readonly kind: 'at-least'; readonly checkpoint: LogCheckpoint };

/**
 * Read-your-writes for reads: when the caller passes the position of its last command, wait until the
 * read models this route reads have handled it. Without a position nothing is awaited (no extra query).
 * If they lag beyond the wait, the read is served anyway, marked `x-read-model-stale: true`. Returns
 * what the read must include (for read caches).
 */
export async function awaitMinPosition(
  request: FastifyRequest,
  reply: FastifyReply,
  readModels: readonly CoreProjectionName[],
): Promise<ReadRequirement> {
  const position = minPositionOf(request);
  if (position === null) return { kind: 'any' };
  try {
    const checkpoint = await request.server.services.projections.waitFor(position, READ_MODEL_WAIT_MS, readModels);
    return checkpoint ? { kind: 'at-least', checkpoint } : { kind: 'any' };
  } catch (error) {
    if (!(error instanceof ProjectionTimeoutError)) throw error;
    request.log.warn({ position, lagging: error.lagging }, 'serving a read before the read models caught up');
    void reply.header('x-read-model-stale', 'true');
    return { kind: 'any' };
  }
}

/** After a command: wait (or fail with 503 read_model_lag) until the named read models show it. */
export async function awaitCommand(
  request: FastifyRequest,
  position: number | null,
  readModels: readonly CoreProjectionName[],
): Promise<void> {
  if (position === null) return;
  await request.server.services.projections.waitFor(position, READ_MODEL_WAIT_MS, readModels);
}
