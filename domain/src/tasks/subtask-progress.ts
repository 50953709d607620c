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

/** A task's progress as the API serves it: its share as a percentage, and its sub-steps counted. */
export interface TaskProgressRow {
  readonly task_id: string;
  readonly percent: number;
  readonly subtasks_done: number;
  readonly subtasks_total: number;
}

/** A goal's progress rolled up as the API serves it (GET /api/goals/:goalId/subtasks). */
export interface RolledUpProgress {
  readonly goal_percent: number;
  readonly tasks: readonly TaskProgressRow[];
}

/** Each live task (in the order given) by its sub-steps, and the goal by its tasks. */
export function rolledUpProgress(
  tasks: readonly { readonly id: string; readonly done: boolean }[],
  subtasks: readonly { readonly task_id: string; readonly done: boolean }[],
): RolledUpProgress {
  const rows = tasks.map((task) => {
    const own = subtasks.filter((subtask) => subtask.task_id === task.id);
    return { task, own, share: taskProgress(task, own) };
  });
  return {
    goal_percent: toPercent(goalProgress(rows.map(({ share }) => ({ progress: share })))),
    tasks: rows.map(({ task, own, share }) => ({
      task_id: task.id,
      percent: toPercent(share),
      subtasks_done: own.filter((subtask) => subtask.done).length,
      subtasks_total: own.length,
    })),
  };
}

/**
 * The progress once one of its tasks is done, or no longer done, as the server will roll it up (the web
 * app shows it before the server's answer). The other tasks count as before: one at 100% is done or has
 * every sub-step done, and either way its share is 1; below 100% it is not done, and its sub-steps give
 * its share.
 */
export function progressWithTaskDone(
  progress: RolledUpProgress,
  subtasks: readonly { readonly task_id: string; readonly done: boolean }[],
  taskId: string,
  done: boolean,
): RolledUpProgress {
  const tasks = progress.tasks.map((task) => ({
    id: task.task_id,
    done: task.task_id === taskId ? done : task.percent === 100,
  }));
  return rolledUpProgress(tasks, subtasks);
}
