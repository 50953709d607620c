import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskMutationResponseSchema, type TaskRow } from '@stride/domain/contracts/goals';
import { apiClient } from '../../../lib/api-client';
import { emitProductEvent } from '../../../lib/product-events';
import { toast } from '../../../lib/toast';
import { optimisticTaskChange } from './optimistic-task-change';
import { taskPath, type TaskRef } from './task-ref';

/** POST /api/goals/:goalId/tasks/:taskId/start. */
export const startTask = (ref: TaskRef) =>
  apiClient.post(taskPath(ref, 'start'), {}, { schema: taskMutationResponseSchema });

export function useStartTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTask,
    ...optimisticTaskChange(
      queryClient,
      (task, _ref, now): TaskRow => ({ ...task, status: 'in_progress', started_at: now }),
      'Could not start the task. Please try again.',
    ),
    onSuccess: () => {
      toast.success('Task started — timer running');
      emitProductEvent('task_started');
    },
  });
}
