import type { GoalRow, TaskRow } from '@stride/domain/contracts/goals';
import type { WrittenRowsQuery } from '../../core/inline-projections';
import { goalsTable, tasksTable } from '../goals-tables';
import { GOAL_JSON, goalFrom, TASK_JSON } from './goal-json';

/**
 * A command's goal and task rows as `getGoal` and `getTasks` answer them, selected by its write statement
 * from the rows it wrote (InlineProjections), so that its response reads nothing after the commit.
 */

/**
 * The goals written, as getGoal answers them (deleted ones left out). Their collection_ids are read as
 * the statement found the collections table: no goal event changes collections (collections-projection.ts).
 */
export const writtenGoals: WrittenRowsQuery = {
  table: goalsTable,
  select: (source) =>
    `SELECT coalesce(jsonb_agg(${GOAL_JSON}), '[]'::jsonb) FROM ${goalFrom(source)} WHERE g.deleted_at IS NULL`,
};

/** The tasks written, as getTasks answers them, in goal order. */
export const writtenTasks: WrittenRowsQuery = {
  table: tasksTable,
  select: (source) =>
    `SELECT coalesce(jsonb_agg(${TASK_JSON('tk')}
       ORDER BY tk.rank_in_goal NULLS LAST, tk.added_position, tk.added_index), '[]'::jsonb) FROM ${source} tk`,
};

/** The goal `goalId` among the written goals (undefined when it was not written). */
export const writtenGoal = (rows: readonly unknown[] | undefined, goalId: string): GoalRow | undefined =>
  (rows as readonly GoalRow[] | undefined)?.find((goal) => goal.id === goalId);

/** The tasks `taskIds` of goal `goalId` among the written tasks, in goal order; undefined unless all were written. */
export const writtenTasksOf = (
  rows: readonly unknown[] | undefined,
  goalId: string,
  taskIds: readonly string[],
): TaskRow[] | undefined => {
  const ids = new Set(taskIds);
  const tasks = ((rows ?? []) as readonly TaskRow[]).filter((task) => task.goal_id === goalId && ids.has(task.id));
  return tasks.length === ids.size ? tasks : undefined;
};
