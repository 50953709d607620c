import type { GoalRow, TaskRow } from '@stride/domain/contracts/goals';
import type { WrittenRowsQuery } from '../../core/inline-projections';
import { goalsTable, tasksTable } from '../goals-tables';
import { GOAL_JSON, goalFrom, TASK_JSON, TASK_ORDER } from './goal-json';

/**
 * A command's goal and task rows as `getGoal` and `getTasks` answer them, selected by its write statement
 * from the rows it wrote (InlineProjections), so that its response reads nothing after the commit.
 */

/**
 * The goals written, as getGoal answers them (deleted ones left out), with their tasks as the statement
 * left them: the task rows it upserted, and the others as it found them. Their collection_ids are read as
 * the statement found the collections table: no goal event changes collections (collections-projection.ts).
 */
export const writtenGoals: WrittenRowsQuery = {
  table: goalsTable,
  joins: [tasksTable],
  select: (source, writtenOf) => {
    const tasks = writtenOf(tasksTable);
    const tasksNow = tasks
      ? `(SELECT * FROM ${tasks} UNION ALL SELECT * FROM ${tasksTable.name} kept
           WHERE NOT EXISTS (SELECT 1 FROM ${tasks} w WHERE w.goal_id = kept.goal_id AND w.id = kept.id))`
      : tasksTable.name;
    return `SELECT coalesce(jsonb_agg(${GOAL_JSON}), '[]'::jsonb) FROM ${goalFrom(source, tasksNow)} WHERE g.deleted_at IS NULL`;
  },
};

/** The tasks written, as getTasks answers them, in goal order. */
export const writtenTasks: WrittenRowsQuery = {
  table: tasksTable,
  select: (source) =>
    `SELECT coalesce(jsonb_agg(${TASK_JSON('tk')}
       ORDER BY ${TASK_ORDER('tk')}), '[]'::jsonb) FROM ${source} tk`,
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
