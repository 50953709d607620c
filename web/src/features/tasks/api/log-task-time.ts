import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskMutationResponseSchema } from '@stride/domain/contracts/goals';
import { apiClient } from '../../../lib/api-client';
import { emitProductEvent } from '../../../lib/product-events';
import { toast } from '../../../lib/toast';
import { invalidateAfterTaskChange } from './invalidate';
import { taskPath, type TaskRef } from './task-ref';

/** POST /api/goals/:goalId/tasks/:taskId/log-time {actual_minutes}. */
export const logTaskTime = ({ actualMinutes, ...ref }: TaskRef & { actualMinutes: number }) =>
  apiClient.post(taskPath(ref, 'log-time'), { actual_minutes: actualMinutes }, { schema: taskMutationResponseSchema });

export function useLogTaskTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logTaskTime,
    onSuccess: ({ task }) => {
      toast.success('Time logged');
      emitProductEvent('task_time_logged', {
        estimated_minutes: task.estimated_minutes,
        actual_minutes: task.actual_minutes,
      });
    },
    onError: (error) => toast.error(error.message || 'Could not log the time. Please try again.'),
    onSettled: () => invalidateAfterTaskChange(queryClient),
  });
}
