import { z } from 'zod';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';

const QUERY = `
SELECT toString(argMax(as_of, version)) AS asOf,
       argMax(engagement_score, version) AS engagementScore,
       argMax(task_completion_rate, version) AS taskCompletionRate,
       argMax(daily_active_streak, version) AS dailyActiveStreak,
       argMax(goal_completion_rate, version) AS goalCompletionRate,
       argMax(ai_generations_used, version) AS aiGenerationsUsed,
       argMax(completed_goals, version) AS completedGoals,
       argMax(abandoned_goals, version) AS abandonedGoals,
       argMax(insights, version) AS insights,
       count() AS computations
FROM user_scores
WHERE user_id = {userId:String}
GROUP BY user_id`;

const row = z.object({
  asOf: z.string(),
  engagementScore: z.number(),
  taskCompletionRate: z.number(),
  dailyActiveStreak: z.number(),
  goalCompletionRate: z.number(),
  aiGenerationsUsed: z.number(),
  completedGoals: z.number(),
  abandonedGoals: z.number(),
  insights: z.array(z.string()),
  computations: z.number(),
});

export type StoredUserScore = z.infer<typeof row>;

/** The latest stored score of a user (null before the first computation). */
export async function selectUserScore(
  client: AnalyticsClient,
  params: { userId: string },
): Promise<StoredUserScore | null> {
  const [result] = await client.rows(QUERY, params, row);
  return result ?? null;
}
