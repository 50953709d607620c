import type { PlannedTaskRow } from '@stride/domain/contracts/planner';
import type { Queryable } from '@stride/platform/postgres/pool';
import { PLANNED_TASK_FROM, PLANNED_TASK_JSON } from './planned-task-json';

/** The user's live tasks with a do or due date (what the calendar feed shows), by date; at most 5000. */
export async function listDatedTasks(db: Queryable, userId: string): Promise<PlannedTaskRow[]> {
  const { rows } = await db.query<{ task: PlannedTaskRow }>(
    `SELECT ${PLANNED_TASK_JSON} AS task FROM ${PLANNED_TASK_FROM}
      WHERE tk.user_id = $1 AND tk.deleted_at IS NULL AND (p.do_date IS NOT NULL OR p.due_date IS NOT NULL)
      ORDER BY coalesce(p.do_date, p.due_date), tk.goal_id, tk.id
      LIMIT 5000`,
    [userId],
  );
  return rows.map((row) => row.task);
}
