import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GoalRow } from '@stride/domain/contracts/goals';
import { DomainError } from '@stride/domain/shared/domain-error';
import { getGoal } from '@stride/projections/goals/queries/get-goal';
import type { GoalResult } from '@stride/application/commands/goals/goal-result';
import { requireUser } from '../../auth/auth-user';
import { requiredPosition } from '../../http/caller';
import { etagOf } from '../../http/if-match';
import { awaitCommand } from '../../http/read-your-writes';

/** A goal row reads the goals projection (goal, tasks) and the collections projection (collection_ids). */
export const GOAL_READ_MODELS = ['goals', 'collections'] as const;
/** What a goal command changed is all in the goals projection (its collections are unchanged by it). */
export const GOAL_COMMAND_READ_MODELS = ['goals'] as const;

export const goalNotFound = () => new DomainError('not_found', 'Goal not found', { field: 'goalId' });

/** After a goal command: wait for the read models, then answer `{ goal, position }` with the goal's ETag. */
export async function goalMutationResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  { goalId, position }: GoalResult,
): Promise<{ goal: GoalRow; position: string }> {
  await awaitCommand(request, position, GOAL_COMMAND_READ_MODELS);
  const goal = await getGoal(request.server.services.pool, requireUser(request).id, goalId);
  if (!goal) throw goalNotFound();
  void reply.header('etag', etagOf(goal.version));
  return { goal, position: requiredPosition(position) };
}
