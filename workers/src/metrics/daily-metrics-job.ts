import { z } from 'zod';
import { calendarDateSchema } from '@stride/domain/shared/calendar';
import type { DailyMetrics } from '@stride/domain/analytics/daily-metrics';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import type { JobProcessor, JobQueues } from '@stride/platform/queue/job-queues';
import type { AnalyticsWriters } from '../ingest/analytics-writers';
import type { DailyMetricsRow } from '../ingest/analytics-rows';
import { JOBS, QUEUES, USER_SCORE_DEBOUNCE_MS, userScoreKey } from '@stride/application/analytics/queues';
import { BatchLoader } from './batch-loader';
import { computeDailyMetricsMany } from '@stride/application/analytics/compute-daily-metrics';
import type { TimeZoneLookup } from '@stride/application/analytics/time-zones';
import { versionClock } from './version-clock';

const jobData = z.object({ userId: z.string().min(1), date: calendarDateSchema });

export const toDailyMetricsRow = (metrics: DailyMetrics, version: number, computedAt: Date): DailyMetricsRow => ({
  user_id: metrics.userId,
  date: metrics.date,
  goals_created: metrics.goalsCreated,
  goals_completed: metrics.goalsCompleted,
  tasks_created: metrics.tasksCreated,
  tasks_completed: metrics.tasksCompleted,
  ai_generations_used: metrics.aiGenerationsUsed,
  session_duration: metrics.sessionDuration,
  productivity_score: metrics.productivityScore,
  version,
  computed_at: computedAt.toISOString(),
});

export interface DailyMetricsJobDeps {
  readonly client: AnalyticsClient;
  readonly writers: AnalyticsWriters;
  readonly queues: JobQueues;
  readonly clock: () => Date;
  /** The users' time zones (a job's date is a day in its user's zone). */
  readonly timeZones: TimeZoneLookup;
  /** How long a user's score recompute waits for more activity (default USER_SCORE_DEBOUNCE_MS). */
  readonly scoreDebounceMs?: number;
  /** Called after a day's row is stored (observability; the pipeline bench measures lag with it). */
  readonly onComputed?: (metrics: DailyMetrics) => void;
}

/**
 * Recomputes one user-day from the raw events and stores it as a new version of the day's row; then asks
 * for the user's score to be recomputed (debounced per user). Recomputing is idempotent: running the job
 * twice, or after a re-delivery, writes the same figures.
 */
export function dailyMetricsProcessor(deps: DailyMetricsJobDeps): JobProcessor {
  const nextVersion = versionClock(deps.clock);
  // Jobs running at the same moment read their days in one query.
  const loader = new BatchLoader(async (userDays: readonly { userId: string; date: string }[]) => {
    const zoneOf = await deps.timeZones(userDays.map((day) => day.userId));
    return computeDailyMetricsMany(
      deps.client,
      userDays.map((day) => ({ ...day, timeZone: zoneOf(day.userId) })),
    );
  });
  return async (job) => {
    const { userId, date } = jobData.parse(job.data);
    const version = nextVersion();
    const metrics = await loader.load({ userId, date });
    await deps.writers.dailyMetrics.add([toDailyMetricsRow(metrics, version, deps.clock())]);
    deps.onComputed?.(metrics);
    await deps.queues.add(
      QUEUES.scores,
      JOBS.userScore,
      { userId },
      { dedupeKey: userScoreKey(userId), delayMs: deps.scoreDebounceMs ?? USER_SCORE_DEBOUNCE_MS },
    );
  };
}
