import { z } from 'zod';
import type { DailyMetrics } from '@stride/domain/analytics/daily-metrics';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';

// The latest computation of each day wins (argMax by version): no FINAL, and a day recomputed before the
// merge has run is still read once. (The day is aliased `day`: an alias `date` would shadow the column in
// WHERE.)
const QUERY = `
SELECT toString(date) AS day,
       argMax(goals_created, version) AS goalsCreated,
       argMax(goals_completed, version) AS goalsCompleted,
       argMax(tasks_created, version) AS tasksCreated,
       argMax(tasks_completed, version) AS tasksCompleted,
       argMax(ai_generations_used, version) AS aiGenerationsUsed,
       argMax(session_duration, version) AS sessionDuration,
       argMax(productivity_score, version) AS productivityScore
FROM daily_metrics
WHERE user_id = {userId:String} AND date >= {start:Date} AND date <= {end:Date}
GROUP BY date
ORDER BY date`;

const row = z.object({
  day: z.string(),
  goalsCreated: z.number(),
  goalsCompleted: z.number(),
  tasksCreated: z.number(),
  tasksCompleted: z.number(),
  aiGenerationsUsed: z.number(),
  sessionDuration: z.number(),
  productivityScore: z.number(),
});

/** A user's stored daily metrics for the days in [start, end] that have a row. */
export async function selectDailyMetrics(
  client: AnalyticsClient,
  params: { userId: string; start: string; end: string },
): Promise<DailyMetrics[]> {
  const rows = await client.rows(QUERY, params, row);
  return rows.map(({ day, ...figures }) => ({ date: day, userId: params.userId, ...figures }));
}
