import { useState } from 'react';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { useCompleteTask } from '../api/complete-task';
import { useDeleteTask } from '../api/delete-task';
import { useLogTaskTime } from '../api/log-task-time';
import { useReopenTask } from '../api/reopen-task';
import { useStartTask } from '../api/start-task';

/** Start, complete (with actual minutes), log time, reopen and remove, with the time dialog's state. */
export function useTaskActions() {
  const start = useStartTask();
  const complete = useCompleteTask();
  const logTime = useLogTaskTime();
  const reopen = useReopenTask();
  const remove = useDeleteTask();
  const [dialog, setDialog] = useState<{ task: TaskRow; mode: 'complete' | 'log' } | null>(null);

  const ref = (task: TaskRow) => ({ goalId: task.goal_id, taskId: task.id });

  return {
    dialog,
    closeDialog: () => setDialog(null),
    busyTaskId: start.isPending ? start.variables?.taskId : complete.isPending ? complete.variables?.taskId : null,
    onStart: (task: TaskRow) => start.mutate(ref(task)),
    onComplete: (task: TaskRow) => setDialog({ task, mode: 'complete' }),
    onLogTime: (task: TaskRow) => setDialog({ task, mode: 'log' }),
    onReopen: (task: TaskRow) => reopen.mutate(ref(task)),
    onDelete: (task: TaskRow) => remove.mutate(ref(task)),
    dialogBusy: complete.isPending || logTime.isPending,
    submitDialog: (minutes: number | undefined) => {
      if (!dialog) return;
      const done = { onSuccess: () => setDialog(null) };
      if (dialog.mode === 'complete')
        complete.mutate({ ...ref(dialog.task), ...(minutes ? { actualMinutes: minutes } : {}) }, done);
      else if (minutes) logTime.mutate({ ...ref(dialog.task), actualMinutes: minutes }, done);
    },
  };
}
