import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { emitProductEvent } from '../../../lib/product-events';
import { toast, UNDO_TOAST_DURATION } from '../../../lib/toast';
import { changeGoalTasks, restoreGoalCache } from '../lib/goal-task-cache';
import { invalidateAfterTaskChange } from './invalidate';
import { taskPath, type TaskRef } from './task-ref';

/** DELETE /api/goals/:goalId/tasks/:taskId (soft delete). */
export const deleteTask = (ref: TaskRef, options: { keepalive?: boolean } = {}) =>
  apiClient.delete(taskPath(ref), options);

/** Deletes waiting out their Undo time, by task path: each one's timer. */
const waitingDeletes = new Map<string, { ref: TaskRef; timer: ReturnType<typeof setTimeout> }>();

/**
 * The page is going away (tab closed, reload, navigation out of the app): every delete still waiting is sent
 * now, as a request that outlives the page (fetch keepalive), so closing the tab in the Undo time does not
 * keep the task.
 */
export function sendWaitingDeletes(): void {
  for (const [path, { ref, timer }] of waitingDeletes) {
    clearTimeout(timer);
    waitingDeletes.delete(path);
    void deleteTask(ref, { keepalive: true }).catch(() => undefined);
  }
}

let listening = false;
const listenForPageHide = () => {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pagehide', sendWaitingDeletes);
};

/**
 * Removing a task is a delayed delete (docs/decisions.md, "Tasks: edit, reorder, undo"): the task leaves the
 * screen at once and a toast offers Undo; the DELETE is sent when the toast's time is up, or at once when the
 * page goes away (`pagehide`). Undo in that time puts it back without a request. The timer lives outside the
 * component, so moving to another page of the app still sends it.
 */
export function useDeleteTask() {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (ref: TaskRef) => deleteTask(ref),
    onSuccess: () => emitProductEvent('task_deleted'),
    onError: (error) => toast.error(error.message || 'Could not delete the task. Please try again.'),
    onSettled: () => invalidateAfterTaskChange(queryClient),
  });
  return {
    isPending: send.isPending,
    mutate: (ref: TaskRef) => {
      listenForPageHide();
      void changeGoalTasks(queryClient, ref.goalId, (tasks) => tasks.filter((task) => task.id !== ref.taskId)).then(
        (snapshot) => {
          const path = taskPath(ref);
          const timer = setTimeout(() => {
            waitingDeletes.delete(path);
            send.mutate(ref);
          }, UNDO_TOAST_DURATION);
          waitingDeletes.set(path, { ref, timer });
          toast.success('Task deleted', {
            duration: UNDO_TOAST_DURATION,
            action: {
              label: 'Undo',
              onSelect: () => {
                if (!waitingDeletes.has(path)) return; // already sent (the page was being left)
                clearTimeout(timer);
                waitingDeletes.delete(path);
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
