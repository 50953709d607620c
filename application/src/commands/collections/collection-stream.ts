import { z } from 'zod';
import { collectionDecider, type CollectionCommand } from '@stride/domain/collections/collection-decider';
import type { CommandMetadata } from '@stride/domain/shared/event';
import { streamIds } from '@stride/domain/stream-ids';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';

/** The result of a command on one collection: the collection and the position a read must wait for. */
export const collectionResultSchema = z.object({ collectionId: z.string(), position: z.number().int().nullable() });
export type CollectionResult = z.infer<typeof collectionResultSchema>;

/** Runs one command on a collection's stream. */
export async function runOnCollection(
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
