import type { TaskRow } from '@stride/domain/contracts/goals';
import { preparedQuery, type Queryable } from '@stride/platform/postgres/pool';
import { TASK_JSON, TASK_ORDER } from './goal-json';

/**
 * Tasks of one of the user's goals by id, in goal order (soft-deleted ones included: a caller asking for
 * a task it just deleted gets it, with deleted_at set).
 */
export async function getTasks(
  db: Queryable,
  userId: string,
  goalId: string,
  taskIds: readonly string[],
): Promise<TaskRow[]> {
  if (taskIds.length === 0) return [];
  const { rows } = await preparedQuery<{ task: TaskRow }>(
    db,
    `SELECT ${TASK_JSON('tk')} AS task FROM tasks tk
      WHERE tk.goal_id = $1 AND tk.user_id = $2 AND tk.id = ANY($3::text[])
      ORDER BY ${TASK_ORDER('tk')}`,
    [goalId, userId, taskIds],
  );
  return rows.map((row) => row.task);
}
