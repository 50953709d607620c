import { useMutation, useQueryClient } from '@tanstack/react-query';
import { plannedTaskMutationSchema } from '@stride/domain/contracts/planner';
import type { GoalChoice } from '@stride/domain/quick-add/goal-match';
import type { QuickAddResult } from '@stride/domain/quick-add/quick-add';
import { ApiError, apiClient, isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { invalidateAfterPlanning } from './invalidate';

/** What to do when the line names no goal of the user's (400 on goal_id): the generic 400 text does not say. */
export const NO_GOAL_MESSAGE =
  "Which goal is this for? Add # and one of your goals' names (like #health), or create a goal first.";

/**
 * The server would refuse this line on goal_id: its preview found no goal and there is no only goal to
 * fall back on. Said before sending (NO_GOAL_MESSAGE), not after a 400.
 */
export const lacksGoal = (preview: QuickAddResult | null, goals: readonly GoalChoice[]): boolean =>
  preview !== null && preview.goal == null && goals.length !== 1;

/**
 * POST /api/planner/quick-add {text, goal_id?}: the server reads the line as the preview did. A line whose
 * `#tag` matches no goal (or with no goal to fall back on) is refused on goal_id, said as what to type.
 */
export const quickAdd = async ({ text, goalId }: { text: string; goalId?: string }) => {
  try {
    return await apiClient.post(
      '/planner/quick-add',
      { text, ...(goalId && { goal_id: goalId }) },
      {
        schema: plannedTaskMutationSchema,
      },
    );
  } catch (error) {
    if (isApiError(error) && error.status === 400 && error.details?.field === 'goal_id')
      throw new ApiError(400, error.serverMessage, error.details, error.code, {
        cause: error,
        userMessage: NO_GOAL_MESSAGE,
      });
    throw error;
  }
};

export function useQuickAdd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: quickAdd,
    onSuccess: ({ task }) => toast.success(`Added "${task.title}" to ${task.goal_title}.`),
    onSettled: () => invalidateAfterPlanning(queryClient),
  });
}
