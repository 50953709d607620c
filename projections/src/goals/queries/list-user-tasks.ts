import type { TaskRow } from '@stride/domain/contracts/goals';
import type { Queryable } from '@stride/platform/postgres/pool';
import { TASK_JSON, TASK_ORDER } from './goal-json';

/** Every live (not soft-deleted) task of the user's goals that are not deleted, in goal order. */
export async function listUserTasks(db: Queryable, userId: string): Promise<TaskRow[]> {
  const { rows } = await db.query<{ task: TaskRow }>(
    `SELECT ${TASK_JSON('tk')} AS task
       FROM tasks tk JOIN goals g ON g.id = tk.goal_id
      WHERE tk.user_id = $1 AND tk.deleted_at IS NULL AND g.deleted_at IS NULL
      ORDER BY g.created_at, ${TASK_ORDER('tk')}`,
    [userId],
  );
  return rows.map((row) => row.task);
}
