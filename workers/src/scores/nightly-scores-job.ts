import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { utcDate } from '@stride/platform/clickhouse/params';
import type { JobProcessor, JobQueues } from '@stride/platform/queue/job-queues';
import type { Logger } from '@stride/platform/logger';
import { ENGAGEMENT_CAPS } from '@stride/domain/analytics/engagement-score';
import { selectRecentlyActiveUsers } from '@stride/application/analytics/queries/select-recently-active-users';
import { JOBS, QUEUES, userScoreKey } from '@stride/application/analytics/queues';

const MS_PER_DAY = 86_400_000;
const CHUNK = 1_000;

/**
 * The nightly run: streaks and recency move with the calendar, so every user active within the recency
 * window (30 days, plus today) gets a user-score job. Beyond it a score no longer changes without activity.
 */
export function nightlyScoresProcessor(deps: {
  client: AnalyticsClient;
  queues: JobQueues;
  clock: () => Date;
  logger: Logger;
}): JobProcessor {
  return async () => {
    const since = utcDate(deps.clock().getTime() - (ENGAGEMENT_CAPS.recencyDays + 1) * MS_PER_DAY);
    const users = await selectRecentlyActiveUsers(deps.client, { since });
    for (let start = 0; start < users.length; start += CHUNK) {
      await deps.queues.addBulk(
        QUEUES.scores,
        users.slice(start, start + CHUNK).map((userId) => ({
          name: JOBS.userScore,
          data: { userId },
          options: { dedupeKey: userScoreKey(userId) },
        })),
      );
    }
    deps.logger.info({ users: users.length, since }, 'nightly engagement scores scheduled');
  };
}
