import type { PlannedTaskRow } from '@stride/domain/contracts/planner';
import type { Queryable } from '@stride/platform/postgres/pool';
import { PLANNED_TASK_FROM, PLANNED_TASK_JSON } from './planned-task-json';

/** One of the user's live tasks with its plan; undefined when absent, deleted or another user's. */
export async function getPlannedTask(
  db: Queryable,
  userId: string,
  goalId: string,
  taskId: string,
): Promise<PlannedTaskRow | undefined> {
  const { rows } = await db.query<{ task: PlannedTaskRow }>(
    `SELECT ${PLANNED_TASK_JSON} AS task FROM ${PLANNED_TASK_FROM}
      WHERE tk.user_id = $1 AND tk.goal_id = $2 AND tk.id = $3 AND tk.deleted_at IS NULL`,
    [userId, goalId, taskId],
  );
  return rows[0]?.task;
}
