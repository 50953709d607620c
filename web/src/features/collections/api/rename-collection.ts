import { useMutation, useQueryClient } from '@tanstack/react-query';
import { collectionMutationResponseSchema } from '@stride/domain/contracts/collections';
import { apiClient } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { applyCollectionChange } from './invalidate';

/** PATCH /api/collections/:id {name}. */
export const renameCollection = ({ id, name }: { id: string; name: string }) =>
  apiClient.patch(`/collections/${encodeURIComponent(id)}`, { name }, { schema: collectionMutationResponseSchema });

export function useRenameCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameCollection,
    onSuccess: ({ collection }) => {
      toast.success('Collection renamed');
      return applyCollectionChange(queryClient, collection);
    },
    onError: (error) => toast.error(error.message || 'Could not rename the collection.'),
  });
}
