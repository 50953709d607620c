import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { progressWithTaskDone, type RolledUpProgress } from '@stride/domain/tasks/subtask-progress';
import { queryRoots } from '../../../lib/query-client';
import type { TaskRef } from '../api/task-ref';

/** What the task queries held before an optimistic change, to put back when the server says no. */
export type GoalCacheSnapshot = readonly (readonly [QueryKey, unknown])[];

interface GoalWithTasks {
  readonly id: string;
  readonly generated_tasks: TaskRow[];
}

const isGoalWithTasks = (value: unknown): value is GoalWithTasks =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { id?: unknown }).id === 'string' &&
  Array.isArray((value as { generated_tasks?: unknown }).generated_tasks);

/** A goal's counts as the server computes them: its live tasks (the ones it lists), and those done. */
const countsOf = (tasks: readonly TaskRow[]) => ({
  task_count: tasks.length,
  completed_task_count: tasks.filter((task) => task.status === 'done').length,
});

/** Changes every query under `root` by `update`, after cancelling their fetches; returns what they held. */
async function changeQueries(
  queryClient: QueryClient,
  root: string,
  update: (data: unknown) => unknown,
): Promise<GoalCacheSnapshot> {
  await queryClient.cancelQueries({ queryKey: [root] });
  const snapshot = queryClient.getQueriesData({ queryKey: [root] });
  queryClient.setQueriesData({ queryKey: [root] }, update);
  return snapshot;
}

const changeGoal = (value: unknown, goalId: string, change: (tasks: TaskRow[]) => TaskRow[]): unknown => {
  if (Array.isArray(value)) return value.map((item) => changeGoal(item, goalId, change));
  if (isGoalWithTasks(value) && value.id === goalId) {
    const tasks = change(value.generated_tasks);
    return { ...value, generated_tasks: tasks, ...countsOf(tasks) };
  }
  return value;
};

/**
 * Changes the tasks of one goal wherever the goal queries (lists and details) hold it, and its counts with
 * them, after cancelling their fetches; returns the snapshot that `restoreGoalCache` puts back.
 */
export async function changeGoalTasks(
  queryClient: QueryClient,
  goalId: string,
  change: (tasks: TaskRow[]) => TaskRow[],
): Promise<GoalCacheSnapshot> {
  return changeQueries(queryClient, queryRoots.goals, (data) => changeGoal(data, goalId, change));
}

/** The task lists other than the goals' (energy lists, the day's plan, search), whose rows extend TaskRow. */
const TASK_LIST_ROOTS = [queryRoots.tasks, queryRoots.planner] as const;

const isRowOf = (value: unknown, { goalId, taskId }: TaskRef): value is TaskRow =>
  typeof value === 'object' &&
  value !== null &&
  (value as { id?: unknown }).id === taskId &&
  (value as { goal_id?: unknown }).goal_id === goalId &&
  typeof (value as { status?: unknown }).status === 'string';

/** The value with every row of the task in it, at any depth, changed; untouched parts keep their identity. */
const changeRows = (value: unknown, ref: TaskRef, change: (task: TaskRow) => TaskRow): unknown => {
  if (isRowOf(value, ref)) return change(value);
  if (Array.isArray(value)) {
    const items = value.map((item) => changeRows(item, ref, change));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value).map(([name, item]) => [name, changeRows(item, ref, change)] as const);
    const record = value as Record<string, unknown>;
    return entries.some(([name, item]) => item !== record[name]) ? Object.fromEntries(entries) : value;
  }
  return value;
};

/** The first row of the task in a value, at any depth. */
const findRow = (value: unknown, ref: TaskRef): TaskRow | undefined => {
  if (isRowOf(value, ref)) return value;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const row = findRow(item, ref);
    if (row) return row;
  }
  return undefined;
};

/** A goal's sub-steps and rolled-up progress as cached (GET /api/goals/:goalId/subtasks), if it counts the task. */
interface CachedProgress {
  readonly subtasks: readonly { readonly task_id: string; readonly done: boolean }[];
  readonly progress: RolledUpProgress;
}

const isProgressCounting = (value: unknown, taskId: string): value is CachedProgress => {
  const { subtasks, progress } = (typeof value === 'object' && value !== null ? value : {}) as Partial<CachedProgress>;
  return (
    Array.isArray(subtasks) &&
    typeof progress?.goal_percent === 'number' &&
    Array.isArray(progress.tasks) &&
    progress.tasks.some((task) => task.task_id === taskId)
  );
};

/** The value with the progress that counts the task rolled up again for it done, or not (the domain's rule). */
const withTaskDone = (value: unknown, taskId: string, done: boolean): unknown =>
  isProgressCounting(value, taskId)
    ? { ...value, progress: progressWithTaskDone(value.progress, value.subtasks, taskId, done) }
    : value;

/**
 * Changes one task wherever the page holds it: in the goal queries (as `changeGoalTasks`, counts included),
 * in the other task lists (energy, planner), and in its goal's rolled-up progress (the ring, by its
 * sub-steps), after cancelling their fetches; the snapshot puts them all back.
 */
export async function changeTaskEverywhere(
  queryClient: QueryClient,
  ref: TaskRef,
  change: (task: TaskRow) => TaskRow,
): Promise<GoalCacheSnapshot> {
  const roots = [queryRoots.goals, ...TASK_LIST_ROOTS];
  const current = roots
    .flatMap((root) => queryClient.getQueriesData({ queryKey: [root] }))
    .reduce<TaskRow | undefined>((found, [, data]) => found ?? findRow(data, ref), undefined);
  const done = current && change(current).status === 'done';
  const goals = await changeGoalTasks(queryClient, ref.goalId, (tasks) =>
    tasks.map((task) => (task.id === ref.taskId ? change(task) : task)),
  );
  const lists = await Promise.all(
    TASK_LIST_ROOTS.map((root) =>
      changeQueries(queryClient, root, (data) => {
        const changed = changeRows(data, ref, change);
        return done === undefined ? changed : withTaskDone(changed, ref.taskId, done);
      }),
    ),
  );
  return [...goals, ...lists.flat()];
}

export function restoreGoalCache(queryClient: QueryClient, snapshot: GoalCacheSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/** The tasks in the order of `taskIds`; tasks not listed keep their places after them. */
export function inOrder(tasks: readonly TaskRow[], taskIds: readonly string[]): TaskRow[] {
  const rank = new Map(taskIds.map((id, index) => [id, index]));
  const listed = tasks.filter((task) => rank.has(task.id)).sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  return [...listed, ...tasks.filter((task) => !rank.has(task.id))];
}
