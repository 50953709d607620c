import { z } from 'zod';
import type { UserScore } from '@stride/domain/analytics/activity';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import type { JobProcessor } from '@stride/platform/queue/job-queues';
import type { AnalyticsWriters } from '../ingest/analytics-writers';
import type { UserScoreRow } from '../ingest/analytics-rows';
import { versionClock } from '../metrics/version-clock';
import { BatchLoader } from '../metrics/batch-loader';
import { computeUserScores } from '@stride/application/analytics/compute-user-score';
import type { TimeZoneLookup } from '@stride/application/analytics/time-zones';

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

/** Recomputes one user's metrics and engagement score as of their own today and stores them (user_scores). */
export function userScoreProcessor(deps: {
  client: AnalyticsClient;
  writers: AnalyticsWriters;
  clock: () => Date;
  timeZones: TimeZoneLookup;
}): JobProcessor {
  const nextVersion = versionClock(deps.clock);
  // Jobs running at the same moment (the nightly run, a burst of activity) read their users in one query.
  const loader = new BatchLoader(async (userIds: readonly string[]) => {
    const zoneOf = await deps.timeZones(userIds);
    const users = userIds.map((userId) => ({ userId, timeZone: zoneOf(userId) }));
    return computeUserScores(deps.client, users, deps.clock());
  });
  return async (job) => {
    const { userId } = jobData.parse(job.data);
    const version = nextVersion();
    const score = await loader.load(userId);
    await deps.writers.userScores.add([toUserScoreRow(userId, score.asOf, score, version, deps.clock())]);
  };
}
