import type { GoalChoice } from '@stride/domain/quick-add/goal-match';
import type { Queryable } from '@stride/platform/postgres/pool';

/** The user's active goals as quick add matches `#tags` against them, oldest first. */
export async function listGoalChoices(db: Queryable, userId: string): Promise<GoalChoice[]> {
  const { rows } = await db.query<GoalChoice>(
    `SELECT id AS "goalId", title FROM goals
      WHERE user_id = $1 AND deleted_at IS NULL AND status = 'active'
      ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}
