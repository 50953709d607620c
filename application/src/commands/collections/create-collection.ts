import { z } from 'zod';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { userScopedId } from '../ids';
import { collectionResultSchema, runOnCollection, type CollectionResult } from './collection-stream';

export const inputSchema = z.object({
  /** The client's key for the collection; the collection's id is derived from it per user. */
  collectionId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string().nullable(),
});
export type CreateCollectionInput = z.infer<typeof inputSchema>;

export const resultSchema = collectionResultSchema;

/** CreateCollection for the caller, under the caller's key scoped to the caller (`userScopedId`). */
export const run = (
  services: Services,
  context: CommandContext,
  { collectionId: key, name, description, color }: CreateCollectionInput,
): Promise<CollectionResult> => {
  const collectionId = userScopedId(context.userId, key);
  return runOnCollection(services, context, collectionId, (metadata) => ({
    type: 'CreateCollection',
    data: { collectionId, name, description, color },
    metadata,
  }));
};
