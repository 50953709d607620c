import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { dbQueryResponseSchema } from '@stride/domain/contracts/db-query';
import { goalMutationResponseSchema, type GoalRow } from '@stride/domain/contracts/goals';
import type { updateGoalBodySchema } from '@stride/domain/contracts/goals';
import { apiClient, isApiError } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-client';
import { toast, UNDO_TOAST_DURATION } from '../../../lib/toast';
import { emitProductEvent } from '../../../lib/product-events';
import { replaceGoalInLists } from '../lib/optimistic-goals';
import { goalKeys } from './keys';

export type UpdateGoalInput = z.input<typeof updateGoalBodySchema>;

/**
 * POST /api/goals/update {goalId, expectedVersion, updates}. Spec section 8: a failed update falls back
 * to the direct database update (POST /api/db/query) when the server or network failed; rule errors
 * (400, 403, 404, 409) are shown as they are.
 */
export async function updateGoal(input: UpdateGoalInput): Promise<GoalRow | null> {
  try {
    const { goal } = await apiClient.post('/goals/update', input, { schema: goalMutationResponseSchema });
    return goal;
  } catch (error) {
    if (!isApiError(error) || !(error.isServerError || error.status === 0)) throw error;
    await apiClient.post(
      '/db/query',
      { table: 'goals', operation: 'update', data: input.updates, filters: { id: input.goalId } },
      { schema: dbQueryResponseSchema },
    );
    return null;
  }
}

export function useUpdateGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGoal,
    onSuccess: (goal, input) => {
      if (goal) {
        replaceGoalInLists(queryClient, goal);
        queryClient.setQueryData(goalKeys.detail(goal.id), goal);
      }
      const status = input.updates.status;
      if (status === 'completed') {
        toast.celebration('Goal completed — well done!');
        emitProductEvent('goal_completed');
      } else if (status === 'abandoned') {
        // Undo is ReactivateGoal (the inverse of AbandonGoal), sent as an ordinary status update.
        toast('Goal archived as abandoned', {
          duration: UNDO_TOAST_DURATION,
          action: {
            label: 'Undo',
            onSelect: () =>
              void updateGoal({ goalId: input.goalId, updates: { status: 'active' } })
                .then(() => toast.success('Goal reactivated'))
                .catch((error: Error) =>
                  toast.error(error.message || 'Could not undo. Open Abandoned goals and choose Reactivate.'),
                )
                .finally(() => void queryClient.invalidateQueries({ queryKey: goalKeys.all })),
          },
        });
        emitProductEvent('goal_abandoned');
      } else if (status === 'active') {
        toast.success('Goal reactivated');
      } else {
        toast.success('Goal updated');
        emitProductEvent('goal_updated');
      }
    },
    onError: (error) => toast.error(error.message || 'Failed to update goal. Please try again.'),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: goalKeys.all }),
        queryClient.invalidateQueries({ queryKey: [queryRoots.user] }),
        queryClient.invalidateQueries({ queryKey: [queryRoots.tasks] }),
      ]);
    },
  });
}
