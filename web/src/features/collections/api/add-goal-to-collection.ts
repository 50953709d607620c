import { useMutation, useQueryClient } from '@tanstack/react-query';
import { collectionMutationResponseSchema } from '@stride/domain/contracts/collections';
import { apiClient } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { applyCollectionChange } from './invalidate';

/** POST /api/collections/:id/goals {goalId}. */
export const addGoalToCollection = ({ collectionId, goalId }: { collectionId: string; goalId: string }) =>
  apiClient.post(
    `/collections/${encodeURIComponent(collectionId)}/goals`,
    { goalId },
    { schema: collectionMutationResponseSchema },
  );

export function useAddGoalToCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addGoalToCollection,
    onSuccess: ({ collection }) => {
      toast.success('Goal added to the collection');
      return applyCollectionChange(queryClient, collection);
    },
    onError: (error) => toast.error(error.message || 'Could not add the goal.'),
  });
}
