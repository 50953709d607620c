import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskMutationResponseSchema, type TaskRow } from '@stride/domain/contracts/goals';
import { apiClient } from '../../../lib/api-client';
import { emitProductEvent } from '../../../lib/product-events';
import { toast, UNDO_TOAST_DURATION } from '../../../lib/toast';
import { changeTaskEverywhere, restoreGoalCache } from '../lib/goal-task-cache';
import { invalidateAfterTaskChange } from './invalidate';
import { optimisticTaskChange } from './optimistic-task-change';
import { reopenedTask, reopenTask } from './reopen-task';
import { taskPath, type TaskRef } from './task-ref';

type CompleteTaskInput = TaskRef & { readonly actualMinutes?: number };

/** POST /api/goals/:goalId/tasks/:taskId/complete {actual_minutes?}. */
export const completeTask = ({ actualMinutes, ...ref }: CompleteTaskInput) =>
  apiClient.post(taskPath(ref, 'complete'), actualMinutes ? { actual_minutes: actualMinutes } : {}, {
    schema: taskMutationResponseSchema,
  });

export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeTask,
    ...optimisticTaskChange<CompleteTaskInput>(
      queryClient,
      (task, { actualMinutes }, now): TaskRow => ({
        ...task,
        status: 'done',
        completed_at: now,
        actual_minutes: actualMinutes ? (task.actual_minutes ?? 0) + actualMinutes : task.actual_minutes,
      }),
      'Could not complete the task. Please try again.',
    ),
    onSuccess: ({ task }, ref) => {
      toast.success('Task done — nice work!', {
        duration: UNDO_TOAST_DURATION,
        action: {
          label: 'Undo',
          // Shown reopened at once, as a reopen from the menu is; put back if the server says no.
          onSelect: () =>
            void changeTaskEverywhere(queryClient, ref, reopenedTask).then((snapshot) =>
              reopenTask({ goalId: ref.goalId, taskId: ref.taskId })
                .then(() => toast('Task reopened'))
                .catch((error: Error) => {
                  restoreGoalCache(queryClient, snapshot);
                  toast.error(error.message || 'Could not undo. Reopen the task from its ⋯ menu.');
                })
                .finally(() => void invalidateAfterTaskChange(queryClient)),
            ),
        },
      });
      emitProductEvent('task_completed', {
        estimated_minutes: task.estimated_minutes,
        actual_minutes: task.actual_minutes,
        energy_level: task.energy_level,
      });
    },
  });
}
