import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskMutationResponseSchema, type TaskRow } from '@stride/domain/contracts/goals';
import { apiClient } from '../../../lib/api-client';
import { emitProductEvent } from '../../../lib/product-events';
import { optimisticTaskChange } from './optimistic-task-change';
import { taskPath, type TaskRef } from './task-ref';

/** POST /api/goals/:goalId/tasks/:taskId/reopen. */
export const reopenTask = (ref: TaskRef) =>
  apiClient.post(taskPath(ref, 'reopen'), {}, { schema: taskMutationResponseSchema });

/** A task as a reopen leaves it (as the goals projection applies TaskReopened). */
export const reopenedTask = (task: TaskRow): TaskRow => ({ ...task, status: 'todo', completed_at: null });

export function useReopenTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenTask,
    ...optimisticTaskChange(queryClient, reopenedTask, 'Could not reopen the task. Please try again.'),
    onSuccess: () => emitProductEvent('task_reopened'),
  });
}
