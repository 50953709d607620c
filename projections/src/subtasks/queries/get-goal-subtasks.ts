import type { GoalSubtasksResponse, SubtaskRow } from '@stride/domain/contracts/breakdowns';
import { rolledUpProgress } from '@stride/domain/tasks/subtask-progress';
import type { Queryable } from '@stride/platform/postgres/pool';
import { TASK_ORDER } from '../../goals/queries/goal-json';

const INSTANT = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The live sub-steps of one of the user's goals (by task, in the order they were added) and progress
 * rolled up from them: each live task by its sub-steps, the goal by its tasks. null when the goal is not
 * the user's (or deleted): the caller answers 404.
 */
export async function getGoalSubtasks(
  db: Queryable,
  userId: string,
  goalId: string,
): Promise<GoalSubtasksResponse | null> {
  const [tasks, subtasks] = await Promise.all([
    db.query<{ id: string; status: string }>(
      `SELECT tk.id, tk.status FROM goals g JOIN tasks tk ON tk.goal_id = g.id AND tk.deleted_at IS NULL
        WHERE g.id = $1 AND g.user_id = $2 AND g.deleted_at IS NULL
        ORDER BY ${TASK_ORDER('tk')}`,
      [goalId, userId],
    ),
    db.query<SubtaskRow>(
      `SELECT s.id, s.goal_id, s.task_id, s.title, s.estimated_minutes, s.energy_level, s.done,
              ${INSTANT('s.created_at')} AS created_at, ${INSTANT('s.completed_at')} AS completed_at
         FROM subtasks s
        WHERE s.goal_id = $1 AND s.user_id = $2 AND s.removed_at IS NULL
        ORDER BY s.added_position, s.added_index`,
      [goalId, userId],
    ),
  ]);
  if (tasks.rows.length === 0) {
    const { rowCount } = await db.query(`SELECT 1 FROM goals WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`, [
      goalId,
      userId,
    ]);
    if (rowCount === 0) return null;
  }
  const liveTaskIds = new Set(tasks.rows.map((task) => task.id));
  const live = subtasks.rows.filter((subtask) => liveTaskIds.has(subtask.task_id));
  const progress = rolledUpProgress(
    tasks.rows.map((task) => ({ id: task.id, done: task.status === 'done' })),
    live,
  );
  return { subtasks: live, progress: { goal_percent: progress.goal_percent, tasks: [...progress.tasks] } };
}
