import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dbQueryResponseSchema } from '@stride/domain/contracts/db-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-client';
import { toast } from '../../../lib/toast';
import { emitProductEvent } from '../../../lib/product-events';
import {
  removeGoalFromLists,
  restoreGoalLists,
  snapshotGoalLists,
  type GoalListSnapshot,
} from '../lib/optimistic-goals';
import { goalKeys } from './keys';

/** POST /api/goals/delete {goalId}; falls back to the direct delete when the server or network failed. */
export async function deleteGoal(goalId: string): Promise<void> {
  try {
    await apiClient.post('/goals/delete', { goalId });
  } catch (error) {
    if (!isApiError(error) || !(error.isServerError || error.status === 0)) throw error;
    await apiClient.post(
      '/db/query',
      { table: 'goals', operation: 'delete', filters: { id: goalId } },
      { schema: dbQueryResponseSchema },
    );
  }
}

/** Optimistic: the goal disappears at once, comes back on error, then the lists are refetched. */
export function useDeleteGoal() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, string, { snapshot: GoalListSnapshot }>({
    mutationFn: deleteGoal,
    onMutate: async (goalId) => {
      const snapshot = await snapshotGoalLists(queryClient);
      removeGoalFromLists(queryClient, goalId);
      return { snapshot };
    },
    onError: (error, _goalId, context) => {
      if (context) restoreGoalLists(queryClient, context.snapshot);
      toast.error(
        error.message ? `Could not delete the goal. ${error.message}` : 'Could not delete the goal. Please try again.',
      );
    },
    onSuccess: () => {
      toast.success('Goal deleted');
      emitProductEvent('goal_deleted');
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: goalKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: [queryRoots.user] }),
        queryClient.invalidateQueries({ queryKey: [queryRoots.tasks] }),
        queryClient.invalidateQueries({ queryKey: [queryRoots.collections] }),
      ]);
    },
  });
}
