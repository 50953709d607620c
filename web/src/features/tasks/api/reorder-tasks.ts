import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reorderTasksResponseSchema } from '@stride/domain/contracts/goals';
import { apiClient } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { changeGoalTasks, inOrder, restoreGoalCache, type GoalCacheSnapshot } from '../lib/goal-task-cache';
import { invalidateAfterTaskChange } from './invalidate';

export interface ReorderTasksInput {
  readonly goalId: string;
  /** All of the goal's live tasks, first to last. */
  readonly taskIds: readonly string[];
}

/** POST /api/goals/:goalId/tasks/reorder {task_ids}. */
export const reorderTasks = ({ goalId, taskIds }: ReorderTasksInput) =>
  apiClient.post(
    `/goals/${encodeURIComponent(goalId)}/tasks/reorder`,
    { task_ids: [...taskIds] },
    { schema: reorderTasksResponseSchema },
  );

const reorderKey = ['tasks', 'reorder'] as const;

/**
 * Reorders at once on screen; if the server refuses, the old order comes back and the error says what to do.
 * Moves made in quick succession are each shown at once but sent one after another, in the order they were
 * made (each sends the whole order: a later one must not arrive first), and the goals are read again only
 * once the last has settled: read in between, they would put back an order without the moves still queued,
 * and the next move would be made from that.
 */
export function useReorderTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reorderKey,
    scope: { id: reorderKey.join(':') },
    mutationFn: reorderTasks,
    onMutate: async ({ goalId, taskIds }): Promise<{ snapshot: GoalCacheSnapshot }> => ({
      snapshot: await changeGoalTasks(queryClient, goalId, (tasks) => inOrder(tasks, taskIds)),
    }),
    onError: (_error, _input, context) => {
      if (context) restoreGoalCache(queryClient, context.snapshot);
      toast.error('Could not save the new order; it was put back. Reload the page and move the task again.');
    },
    onSettled: () =>
      queryClient.isMutating({ mutationKey: reorderKey }) === 1 ? invalidateAfterTaskChange(queryClient) : undefined,
  });
}
