/**
 * Progress that rolls up (issue 14): a task with sub-steps is as far along as the share of its sub-steps
 * done (a completed task is done whatever its sub-steps say); a goal is the mean of its live tasks. Pure,
 * used by the read model and the tests alike.
 */

export interface ProgressTask {
  readonly done: boolean;
}

export interface ProgressSubtask {
  readonly done: boolean;
}

/** 0..1. */
export function taskProgress(task: ProgressTask, subtasks: readonly ProgressSubtask[]): number {
  if (task.done) return 1;
  if (subtasks.length === 0) return 0;
  return subtasks.filter((subtask) => subtask.done).length / subtasks.length;
}

/** 0..1; 0 for a goal without tasks. */
export function goalProgress(tasks: readonly { readonly progress: number }[]): number {
  if (tasks.length === 0) return 0;
  return tasks.reduce((sum, task) => sum + task.progress, 0) / tasks.length;
}

/** A share 0..1 as a whole percentage, never 100 before everything is done. */
export function toPercent(share: number): number {
  const percent = Math.round(share * 100);
  return share < 1 && percent === 100 ? 99 : percent;
}
