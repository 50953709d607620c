import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskMutationResponseSchema } from '@stride/domain/contracts/goals';
import { apiClient } from '../../../lib/api-client';
import { emitProductEvent } from '../../../lib/product-events';
import { toast } from '../../../lib/toast';
import { invalidateAfterTaskChange } from './invalidate';
import { taskPath, type TaskRef } from './task-ref';

/** POST /api/goals/:goalId/tasks/:taskId/complete {actual_minutes?}. */
export const completeTask = ({ actualMinutes, ...ref }: TaskRef & { actualMinutes?: number }) =>
  apiClient.post(taskPath(ref, 'complete'), actualMinutes ? { actual_minutes: actualMinutes } : {}, {
    schema: taskMutationResponseSchema,
  });

export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeTask,
    onSuccess: ({ task }) => {
      toast.success('Task done — nice work!');
      emitProductEvent('task_completed', {
        estimated_minutes: task.estimated_minutes,
        actual_minutes: task.actual_minutes,
        energy_level: task.energy_level,
      });
    },
    onError: (error) => toast.error(error.message || 'Could not complete the task. Please try again.'),
    onSettled: () => invalidateAfterTaskChange(queryClient),
  });
}
