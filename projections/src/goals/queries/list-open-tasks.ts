import type { TaskRow } from '@stride/domain/contracts/goals';
import type { Queryable } from '@stride/platform/postgres/pool';
import { TASK_JSON, TASK_ORDER } from './goal-json';

export type OpenTaskRow = TaskRow & { readonly goal_title: string };

/** The user's open tasks (not done, not deleted) of active goals, oldest goal and task first. */
export async function listOpenTasks(db: Queryable, userId: string): Promise<OpenTaskRow[]> {
  const { rows } = await db.query<{ task: TaskRow; goal_title: string }>(
    `SELECT ${TASK_JSON('tk')} AS task, g.title AS goal_title
       FROM tasks tk JOIN goals g ON g.id = tk.goal_id
      WHERE tk.user_id = $1 AND tk.deleted_at IS NULL AND tk.status <> 'done'
        AND g.deleted_at IS NULL AND g.status = 'active'
      ORDER BY g.created_at, ${TASK_ORDER('tk')}`,
    [userId],
  );
  return rows.map(({ task, goal_title }) => ({ ...task, goal_title }));
}
