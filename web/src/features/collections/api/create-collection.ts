import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  collectionMutationResponseSchema,
  type createCollectionBodySchema,
} from '@stride/domain/contracts/collections';
import { apiClient } from '../../../lib/api-client';
import { emitProductEvent } from '../../../lib/product-events';
import { toast } from '../../../lib/toast';
import { applyCollectionChange } from './invalidate';

export type CreateCollectionInput = z.input<typeof createCollectionBodySchema>;

/** POST /api/collections. */
export const createCollection = (input: CreateCollectionInput) =>
  apiClient.post('/collections', input, { schema: collectionMutationResponseSchema });

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollection,
    onSuccess: ({ collection }) => {
      toast.success('Collection created');
      emitProductEvent('feature_used', { feature: 'collection_created' });
      return applyCollectionChange(queryClient, collection);
    },
    onError: (error) => toast.error(error.message || 'Could not create the collection.'),
  });
}
