import { userMetricsFromActivity, userScoreFrom, type UserScore } from '@stride/domain/analytics/activity';
import { localDayBounds } from '@stride/domain/analytics/local-time';
import { localDateOf } from '@stride/domain/dates/local-date';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { selectUserActiveDates } from './queries/select-user-active-dates';
import { selectUserActivity } from './queries/select-user-activity';
import type { ZonedUser } from './time-zones';

const MS_PER_DAY = 86_400_000;
/** Active days further back than this cannot affect a streak or recency that is counted to today. */
const ACTIVE_DAYS_LOOKBACK = 400;

/** A user's score as of their own today (YYYY-MM-DD in their time zone). */
export type DatedUserScore = UserScore & { readonly asOf: string };

/**
 * Several users' metrics, engagement scores and insights at `now`, each counted to the user's own today and
 * with the hours of the user's own day (their time zone).
 */
export async function computeUserScores(
  client: AnalyticsClient,
  users: readonly ZonedUser[],
  now: Date,
): Promise<DatedUserScore[]> {
  if (users.length === 0) return [];
  const todays = users.map((user) => localDateOf(now, user.timeZone));
  const bounds = users.map((user, index) => localDayBounds(todays[index]!, user.timeZone));
  const userIds = users.map((user) => user.userId);
  const [events, activeDates] = await Promise.all([
    selectUserActivity(client, { userIds, from: 0, to: Math.max(...bounds.map((bound) => bound.end)) }),
    selectUserActiveDates(client, {
      users,
      from: Math.min(...bounds.map((bound) => bound.start)) - ACTIVE_DAYS_LOOKBACK * MS_PER_DAY,
    }),
  ]);
  return users.map(({ userId, timeZone }, index) => {
    const today = todays[index]!;
    const metrics = userMetricsFromActivity({
      events: events.get(userId) ?? [],
      activeDates: activeDates.get(userId) ?? [],
      today,
      timeZone,
    });
    return { ...userScoreFrom(metrics, today), asOf: today };
  });
}

/** One user's metrics, engagement score and insights. */
export async function computeUserScore(client: AnalyticsClient, user: ZonedUser, now: Date): Promise<DatedUserScore> {
  const [score] = await computeUserScores(client, [user], now);
  return score!;
}
