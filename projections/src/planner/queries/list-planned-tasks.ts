import type { PlannedTaskRow } from '@stride/domain/contracts/planner';
import type { Queryable } from '@stride/platform/postgres/pool';
import { PLANNED_TASK_FROM, PLANNED_TASK_JSON, PLANNED_TASK_ORDER } from './planned-task-json';

/**
 * The user's live tasks that matter to the day's plan: open ones (planned or not) of active goals, and
 * those done with a do date from `doneSince` (for the week strip).
 */
export async function listPlannedTasks(db: Queryable, userId: string, doneSince: string): Promise<PlannedTaskRow[]> {
  const { rows } = await db.query<{ task: PlannedTaskRow }>(
    `SELECT ${PLANNED_TASK_JSON} AS task
       FROM ${PLANNED_TASK_FROM}
      WHERE tk.user_id = $1 AND tk.deleted_at IS NULL AND g.status = 'active'
        AND (tk.status <> 'done' OR p.do_date >= $2::date)
      ORDER BY ${PLANNED_TASK_ORDER}`,
    [userId, doneSince],
  );
  return rows.map((row) => row.task);
}
