import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { queryRoots } from '../../../lib/query-client';
import type { TaskRef } from '../api/task-ref';

/** What the goal queries held before an optimistic change, to put back when the server says no. */
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
  await queryClient.cancelQueries({ queryKey: [queryRoots.goals] });
  const snapshot = queryClient.getQueriesData({ queryKey: [queryRoots.goals] });
  queryClient.setQueriesData({ queryKey: [queryRoots.goals] }, (data: unknown) => changeGoal(data, goalId, change));
  return snapshot;
}

/** Changes one task wherever the goal queries hold it (as `changeGoalTasks`). */
export const changeGoalTask = (
  queryClient: QueryClient,
  { goalId, taskId }: TaskRef,
  change: (task: TaskRow) => TaskRow,
): Promise<GoalCacheSnapshot> =>
  changeGoalTasks(queryClient, goalId, (tasks) => tasks.map((task) => (task.id === taskId ? change(task) : task)));

export function restoreGoalCache(queryClient: QueryClient, snapshot: GoalCacheSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/** The tasks in the order of `taskIds`; tasks not listed keep their places after them. */
export function inOrder(tasks: readonly TaskRow[], taskIds: readonly string[]): TaskRow[] {
  const rank = new Map(taskIds.map((id, index) => [id, index]));
  const listed = tasks.filter((task) => rank.has(task.id)).sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  return [...listed, ...tasks.filter((task) => !rank.has(task.id))];
}
