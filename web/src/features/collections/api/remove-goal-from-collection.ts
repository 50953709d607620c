import { useMutation, useQueryClient } from '@tanstack/react-query';
import { collectionMutationResponseSchema } from '@stride/domain/contracts/collections';
import { apiClient } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { applyCollectionChange } from './invalidate';

/** DELETE /api/collections/:id/goals/:goalId. */
export const removeGoalFromCollection = ({ collectionId, goalId }: { collectionId: string; goalId: string }) =>
  apiClient.delete(`/collections/${encodeURIComponent(collectionId)}/goals/${encodeURIComponent(goalId)}`, {
    schema: collectionMutationResponseSchema,
  });

export function useRemoveGoalFromCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGoalFromCollection,
    onSuccess: ({ collection }) => {
      toast.success('Goal removed from the collection');
      return applyCollectionChange(queryClient, collection);
    },
    onError: (error) => toast.error(error.message || 'Could not remove the goal.'),
  });
}
