import type { Queryable } from '@stride/platform/postgres/pool';

export interface RunningSeries {
  readonly goalId: string;
  readonly seriesId: string;
  readonly userId: string;
}

/** Series that still create occurrences: not ended, of an active goal that is not deleted. */
export async function listRunningSeries(db: Queryable): Promise<RunningSeries[]> {
  const { rows } = await db.query<RunningSeries>(
    `SELECT s.goal_id AS "goalId", s.series_id AS "seriesId", s.user_id AS "userId"
       FROM task_series s JOIN goals g ON g.id = s.goal_id
      WHERE NOT s.ended AND g.status = 'active' AND g.deleted_at IS NULL
      ORDER BY s.user_id, s.goal_id, s.series_id`,
  );
  return rows;
}
