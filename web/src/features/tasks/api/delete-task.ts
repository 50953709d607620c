import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { emitProductEvent } from '../../../lib/product-events';
import { toast, UNDO_TOAST_DURATION } from '../../../lib/toast';
import { changeGoalTasks, restoreGoalCache } from '../lib/goal-task-cache';
import { invalidateAfterTaskChange } from './invalidate';
import { taskPath, type TaskRef } from './task-ref';

/** DELETE /api/goals/:goalId/tasks/:taskId (soft delete). */
export const deleteTask = (ref: TaskRef) => apiClient.delete(taskPath(ref));

/**
 * Removing a task is a delayed delete (docs/decisions.md, "Undo for task delete"): the task leaves the
 * screen at once and a toast offers Undo; the DELETE is sent when the toast's time is up. Undo in that
 * time puts it back without a request. The timer lives outside the component, so moving to another page
 * still sends it; closing the tab before it fires keeps the task.
 */
export function useDeleteTask() {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: deleteTask,
    onSuccess: () => emitProductEvent('task_deleted'),
    onError: (error) => toast.error(error.message || 'Could not remove the task. Please try again.'),
    onSettled: () => invalidateAfterTaskChange(queryClient),
  });
  return {
    isPending: send.isPending,
    mutate: (ref: TaskRef) => {
      void changeGoalTasks(queryClient, ref.goalId, (tasks) => tasks.filter((task) => task.id !== ref.taskId)).then(
        (snapshot) => {
          const timer = setTimeout(() => send.mutate(ref), UNDO_TOAST_DURATION);
          toast.success('Task removed', {
            duration: UNDO_TOAST_DURATION,
            action: {
              label: 'Undo',
              onSelect: () => {
                clearTimeout(timer);
                restoreGoalCache(queryClient, snapshot);
                toast('Task kept');
              },
            },
          });
        },
      );
    },
  };
}
