import { dailyMetricsFromActivity } from '@stride/domain/analytics/activity';
import type { DailyMetrics } from '@stride/domain/analytics/daily-metrics';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import type { ZonedUserDay } from './queries/local-day-ranges';
import { selectUserDayActivity, userDayKey } from './queries/select-user-day-activity';
import { selectUserDaySessions } from './queries/select-user-day-sessions';

/**
 * Several user-days' metrics, each day the user's own (local midnight to midnight in their time zone), from
 * their raw events in the analytics store (two queries in all).
 */
export async function computeDailyMetricsMany(
  client: AnalyticsClient,
  userDays: readonly ZonedUserDay[],
): Promise<DailyMetrics[]> {
  if (userDays.length === 0) return [];
  const [events, sessions] = await Promise.all([
    selectUserDayActivity(client, { userDays }),
    selectUserDaySessions(client, { userDays }),
  ]);
  return userDays.map(({ userId, date }) =>
    dailyMetricsFromActivity({
      userId,
      date,
      events: events.get(userDayKey(userId, date)) ?? [],
      sessions: sessions.get(userDayKey(userId, date)) ?? [],
    }),
  );
}

/** One user-day's metrics. */
export async function computeDailyMetrics(client: AnalyticsClient, userDay: ZonedUserDay): Promise<DailyMetrics> {
  const [metrics] = await computeDailyMetricsMany(client, [userDay]);
  return metrics!;
}
