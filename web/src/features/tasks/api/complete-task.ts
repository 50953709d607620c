import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskMutationResponseSchema } from '@stride/domain/contracts/goals';
import { apiClient } from '../../../lib/api-client';
import { emitProductEvent } from '../../../lib/product-events';
import { toast, UNDO_TOAST_DURATION } from '../../../lib/toast';
import { invalidateAfterTaskChange } from './invalidate';
import { reopenTask } from './reopen-task';
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
    onSuccess: ({ task }, ref) => {
      toast.success('Task done — nice work!', {
        duration: UNDO_TOAST_DURATION,
        action: {
          label: 'Undo',
          onSelect: () =>
            void reopenTask({ goalId: ref.goalId, taskId: ref.taskId })
              .then(() => toast('Task reopened'))
              .catch((error: Error) => toast.error(error.message || 'Could not undo. Reopen the task from its ⋯ menu.'))
              .finally(() => void invalidateAfterTaskChange(queryClient)),
        },
      });
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
