import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moveOverdueResponseSchema } from '@stride/domain/contracts/planner';
import type { OverdueTarget } from '@stride/domain/planning/overdue-moves';
import { apiClient } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { invalidateAfterPlanning } from './invalidate';

export interface MoveOverdue {
  readonly target: OverdueTarget;
  /** One task (or some); all overdue tasks when absent. */
  readonly taskIds?: readonly string[];
}

/** POST /api/planner/overdue/move {target, task_ids?}. */
export const moveOverdue = ({ target, taskIds }: MoveOverdue) =>
  apiClient.post(
    '/planner/overdue/move',
    { target, ...(taskIds && { task_ids: taskIds }) },
    {
      schema: moveOverdueResponseSchema,
    },
  );

const TARGET_WORDS: Record<OverdueTarget, string> = { today: 'today', tomorrow: 'tomorrow', nextWeek: 'next week' };

export function useMoveOverdue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveOverdue,
    onSuccess: ({ moved }, { target }) =>
      toast.success(`${moved} ${moved === 1 ? 'task' : 'tasks'} moved to ${TARGET_WORDS[target]}.`),
    onError: (error) => toast.error(error.message || 'Could not move the tasks. Please try again.'),
    onSettled: () => invalidateAfterPlanning(queryClient),
  });
}
