import { z } from 'zod';
import type { UserScore } from '@stride/domain/analytics/activity';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { utcDate } from '@stride/platform/clickhouse/params';
import type { JobProcessor } from '@stride/platform/queue/job-queues';
import type { AnalyticsWriters } from '../ingest/analytics-writers';
import type { UserScoreRow } from '../ingest/analytics-rows';
import { versionClock } from '../metrics/version-clock';
import { BatchLoader } from '../metrics/batch-loader';
import { computeUserScores } from '@stride/application/analytics/compute-user-score';

const jobData = z.object({ userId: z.string().min(1) });

export function toUserScoreRow(
  userId: string,
  asOf: string,
  score: UserScore,
  version: number,
  computedAt: Date,
): UserScoreRow {
  const { metrics, engagement } = score;
  return {
    user_id: userId,
    as_of: asOf,
    task_completion_rate: metrics.taskCompletionRate,
    daily_active_streak: metrics.dailyActiveStreak,
    goal_completion_rate: metrics.goalCompletionRate,
    ai_generations_used: metrics.aiGenerationsUsed,
    last_active_date: metrics.lastActiveDate,
    most_productive_hour: metrics.mostProductiveHour,
    abandoned_goals: metrics.abandonedGoals,
    completed_goals: metrics.completedGoals,
    engagement_score: engagement.score,
    engagement_completion: engagement.breakdown.completion,
    engagement_streak: engagement.breakdown.streak,
    engagement_goals: engagement.breakdown.goalProgress,
    engagement_ai: engagement.breakdown.aiUsage,
    engagement_recency: engagement.breakdown.recency,
    insights: score.insights.map((insight) => insight.code),
    version,
    computed_at: computedAt.toISOString(),
  };
}

/** Recomputes one user's metrics and engagement score as of today and stores them (user_scores). */
export function userScoreProcessor(deps: {
  client: AnalyticsClient;
  writers: AnalyticsWriters;
  clock: () => Date;
}): JobProcessor {
  const nextVersion = versionClock(deps.clock);
  // Jobs running at the same moment (the nightly run, a burst of activity) read their users in one query.
  const loader = new BatchLoader(async (keys: readonly { userId: string; today: string }[]) => {
    const days = [...new Set(keys.map((key) => key.today))];
    const scores = new Map<string, UserScore>();
    for (const today of days) {
      const users = keys.filter((key) => key.today === today).map((key) => key.userId);
      (await computeUserScores(deps.client, users, today)).forEach((score, index) =>
        scores.set(`${users[index]}\n${today}`, score),
      );
    }
    return keys.map((key) => scores.get(`${key.userId}\n${key.today}`)!);
  });
  return async (job) => {
    const { userId } = jobData.parse(job.data);
    const version = nextVersion();
    const now = deps.clock();
    const today = utcDate(now);
    const score = await loader.load({ userId, today });
    await deps.writers.userScores.add([toUserScoreRow(userId, today, score, version, now)]);
  };
}
