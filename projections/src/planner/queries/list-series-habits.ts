import type { SeriesTask } from '@stride/domain/recurrence/habit-streak';
import type { Queryable } from '@stride/platform/postgres/pool';

/** A series with its stored rule (a domain Recurrence, parsed by the caller) and its occurrences. */
export interface SeriesHabit {
  readonly goalId: string;
  readonly seriesId: string;
  readonly recurrence: unknown;
  readonly occurrences: readonly SeriesTask[];
}

/** The user's series named (by goal and series id) with every occurrence of each, for their streaks. */
export async function listSeriesHabits(
  db: Queryable,
  userId: string,
  series: readonly { readonly goalId: string; readonly seriesId: string }[],
): Promise<SeriesHabit[]> {
  if (series.length === 0) return [];
  const { rows } = await db.query<SeriesHabit>(
    `SELECT s.goal_id AS "goalId", s.series_id AS "seriesId", s.recurrence,
            coalesce(jsonb_agg(jsonb_build_object(
              'seriesId', p.series_id, 'status', tk.status,
              'completedAt', tk.completed_at, 'deletedAt', tk.deleted_at)) FILTER (WHERE tk.id IS NOT NULL),
              '[]'::jsonb) AS occurrences
       FROM task_series s
       JOIN unnest($2::text[], $3::text[]) AS named(goal_id, series_id)
         ON named.goal_id = s.goal_id AND named.series_id = s.series_id
       LEFT JOIN task_plans p ON p.goal_id = s.goal_id AND p.series_id = s.series_id
       LEFT JOIN tasks tk ON tk.goal_id = p.goal_id AND tk.id = p.task_id AND tk.user_id = s.user_id
      WHERE s.user_id = $1
      GROUP BY s.goal_id, s.series_id, s.recurrence`,
    [userId, series.map(({ goalId }) => goalId), series.map(({ seriesId }) => seriesId)],
  );
  return rows;
}
