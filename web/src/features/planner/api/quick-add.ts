import { useMutation, useQueryClient } from '@tanstack/react-query';
import { plannedTaskMutationSchema } from '@stride/domain/contracts/planner';
import { apiClient } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { invalidateAfterPlanning } from './invalidate';

/** POST /api/planner/quick-add {text, goal_id?}: the server reads the line as the preview did. */
export const quickAdd = ({ text, goalId }: { text: string; goalId?: string }) =>
  apiClient.post(
    '/planner/quick-add',
    { text, ...(goalId && { goal_id: goalId }) },
    {
      schema: plannedTaskMutationSchema,
    },
  );

export function useQuickAdd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: quickAdd,
    onSuccess: ({ task }) => toast.success(`Added "${task.title}" to ${task.goal_title}.`),
    onSettled: () => invalidateAfterPlanning(queryClient),
  });
}
