import type { GoalRow } from '@stride/domain/contracts/goals';
import { preparedQuery, type Queryable } from '@stride/platform/postgres/pool';
import { GOAL_FROM, GOAL_JSON } from './goal-json';

/** One of the user's goals (null when missing, deleted or someone else's). */
export async function getGoal(db: Queryable, userId: string, goalId: string): Promise<GoalRow | null> {
  const { rows } = await preparedQuery<{ goal: GoalRow }>(
    db,
    `SELECT ${GOAL_JSON} AS goal FROM ${GOAL_FROM}
      WHERE g.id = $1 AND g.user_id = $2 AND g.deleted_at IS NULL`,
    [goalId, userId],
  );
  return rows[0]?.goal ?? null;
}
