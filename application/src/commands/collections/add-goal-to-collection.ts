import { z } from 'zod';
import { goalStreamDecider } from '@stride/domain/goals/goal-decider';
import { DomainError } from '@stride/domain/shared/domain-error';
import { streamIds } from '@stride/domain/stream-ids';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { collectionResultSchema, runOnCollection, type CollectionResult } from './collection-stream';

export const inputSchema = z.object({ collectionId: z.string(), goalId: z.string() });
export type AddGoalToCollectionInput = z.infer<typeof inputSchema>;

export const resultSchema = collectionResultSchema;

/**
 * AddGoalToCollection: the collection decider only knows its own stream, so the goal is checked here
 * against the goal's own stream (authoritative, not a read model): it must exist, be the caller's and not
 * be deleted; otherwise 404, the same answer as for a goal that never existed.
 */
export async function run(
  services: Services,
  context: CommandContext,
  { collectionId, goalId }: AddGoalToCollectionInput,
): Promise<CollectionResult> {
  const { state: goal } = await services.commands.load(streamIds.goal(goalId), goalStreamDecider);
  if (goal === null || goal.deletedAt !== null || goal.userId !== context.userId) {
    throw new DomainError('not_found', 'Goal not found', { field: 'goalId' });
  }
  return runOnCollection(services, context, collectionId, (metadata) => ({
    type: 'AddGoalToCollection',
    data: { goalId },
    metadata,
  }));
}
