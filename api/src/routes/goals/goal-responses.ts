import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GoalRow } from '@stride/domain/contracts/goals';
import { DomainError } from '@stride/domain/shared/domain-error';
import { getGoal } from '@stride/projections/goals/queries/get-goal';
import type { GoalResult } from '@stride/application/commands/goals/goal-result';
import { requireUser } from '../../auth/auth-user';
import { requiredPosition } from '../../http/caller';
import { etagOf } from '../../http/if-match';

export const goalNotFound = () => new DomainError('not_found', 'Goal not found', { field: 'goalId' });

/**
 * After a goal command (its read-model rows committed with it): answer `{ goal, position }` with the goal's
 * ETag, from the goal row the command wrote (its result), else read.
 */
export async function goalMutationResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  { goalId, position, goal: written }: GoalResult,
): Promise<{ goal: GoalRow; position: string }> {
  const goal = written ?? (await getGoal(request.server.services.pool, requireUser(request).id, goalId));
  if (!goal) throw goalNotFound();
  void reply.header('etag', etagOf(goal.version));
  return { goal, position: requiredPosition(position) };
}
