import { z } from 'zod';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { collectionResultSchema, runOnCollection, type CollectionResult } from './collection-stream';

export const inputSchema = z.object({
  collectionId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string().nullable(),
});
export type CreateCollectionInput = z.infer<typeof inputSchema>;

export const resultSchema = collectionResultSchema;

/** CreateCollection for the caller. */
export const run = (
  services: Services,
  context: CommandContext,
  { collectionId, name, description, color }: CreateCollectionInput,
): Promise<CollectionResult> =>
  runOnCollection(services, context, collectionId, (metadata) => ({
    type: 'CreateCollection',
    data: { collectionId, name, description, color },
    metadata,
  }));
