import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskMutationResponseSchema } from '@stride/domain/contracts/goals';
import { apiClient } from '../../../lib/api-client';
import { emitProductEvent } from '../../../lib/product-events';
import { toast } from '../../../lib/toast';
import { invalidateAfterTaskChange } from './invalidate';
import { taskPath, type TaskRef } from './task-ref';

/** POST /api/goals/:goalId/tasks/:taskId/start. */
export const startTask = (ref: TaskRef) =>
  apiClient.post(taskPath(ref, 'start'), {}, { schema: taskMutationResponseSchema });

export function useStartTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTask,
    onSuccess: () => {
      toast.success('Task started — timer running');
      emitProductEvent('task_started');
    },
    onError: (error) => toast.error(error.message || 'Could not start the task. Please try again.'),
    onSettled: () => invalidateAfterTaskChange(queryClient),
  });
}
