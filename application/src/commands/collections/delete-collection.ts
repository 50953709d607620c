import { z } from 'zod';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { collectionResultSchema, runOnCollection, type CollectionResult } from './collection-stream';

export const inputSchema = z.object({ collectionId: z.string() });
export type DeleteCollectionInput = z.infer<typeof inputSchema>;

export const resultSchema = collectionResultSchema;

export const run = (
  services: Services,
  context: CommandContext,
  { collectionId }: DeleteCollectionInput,
): Promise<CollectionResult> =>
  runOnCollection(services, context, collectionId, (metadata) => ({ type: 'DeleteCollection', data: {}, metadata }));
