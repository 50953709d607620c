import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskMutationResponseSchema } from '@stride/domain/contracts/goals';
import { apiClient } from '../../../lib/api-client';
import { emitProductEvent } from '../../../lib/product-events';
import { toast } from '../../../lib/toast';
import { invalidateAfterTaskChange } from './invalidate';
import { taskPath, type TaskRef } from './task-ref';

/** POST /api/goals/:goalId/tasks/:taskId/reopen. */
export const reopenTask = (ref: TaskRef) =>
  apiClient.post(taskPath(ref, 'reopen'), {}, { schema: taskMutationResponseSchema });

export function useReopenTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenTask,
    onSuccess: () => emitProductEvent('task_reopened'),
    onError: (error) => toast.error(error.message || 'Could not reopen the task. Please try again.'),
    onSettled: () => invalidateAfterTaskChange(queryClient),
  });
}
