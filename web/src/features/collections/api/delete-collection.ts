import { useMutation, useQueryClient } from '@tanstack/react-query';
import { collectionMutationResponseSchema } from '@stride/domain/contracts/collections';
import { apiClient } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { applyCollectionChange } from './invalidate';

/** DELETE /api/collections/:id (its goals stay). */
export const deleteCollection = (id: string) =>
  apiClient.delete(`/collections/${encodeURIComponent(id)}`, { schema: collectionMutationResponseSchema });

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCollection,
    onSuccess: (_result, id) => {
      toast.success('Collection deleted');
      return applyCollectionChange(queryClient, null, id);
    },
    onError: (error) => toast.error(error.message || 'Could not delete the collection.'),
  });
}
