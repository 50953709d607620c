import { collectionDecider, type CollectionCommand } from '@stride/domain/collections/collection-decider';
import { goalDecider } from '@stride/domain/goals/goal-decider';
import { DomainError } from '@stride/domain/shared/domain-error';
import type { CommandMetadata } from '@stride/domain/shared/event';
import { streamIds } from '@stride/domain/stream-ids';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';

type CollectionResult = { readonly collectionId: string; readonly position: number | null };

/** Runs one command on a collection's stream. */
export async function runCollectionCommand(
  services: Services,
  context: CommandContext,
  collectionId: string,
  command: (metadata: CommandMetadata) => CollectionCommand,
): Promise<CollectionResult> {
  const { result } = await services.commands.execute({
    streams: { collection: { streamId: streamIds.collection(collectionId), decider: collectionDecider } },
    decide: (states, metadata) => ({ collection: collectionDecider.decide(command(metadata), states.collection) }),
    context,
    result: (outcome) => ({ collectionId, position: outcome.position }),
  });
  return result;
}

/**
 * AddGoalToCollection: the collection decider only knows its own stream, so the goal is checked here
 * against the goal's own stream (authoritative, not a read model): it must exist, be the caller's and not
 * be deleted; otherwise 404, the same answer as for a goal that never existed.
 */
export async function addGoalToCollection(
  services: Services,
  context: CommandContext,
  collectionId: string,
  goalId: string,
): Promise<CollectionResult> {
  const { state: goal } = await services.commands.load(streamIds.goal(goalId), goalDecider);
  if (goal === null || goal.deletedAt !== null || goal.userId !== context.userId) {
    throw new DomainError('not_found', 'Goal not found', { field: 'goalId' });
  }
  return runCollectionCommand(services, context, collectionId, (metadata) => ({
    type: 'AddGoalToCollection',
    data: { goalId },
    metadata,
  }));
}
