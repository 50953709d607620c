import { userMetricsFromActivity, userScoreFrom, type UserScore } from '@stride/domain/analytics/activity';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { selectUserActiveDates } from './queries/select-user-active-dates';
import { selectUserActivity } from './queries/select-user-activity';

const MS_PER_DAY = 86_400_000;
/** Active days further back than this cannot affect a streak or recency that is counted to today. */
const ACTIVE_DAYS_LOOKBACK = 400;

/** Several users' metrics, engagement scores and insights, counted to `today` (YYYY-MM-DD, UTC). */
export async function computeUserScores(
  client: AnalyticsClient,
  userIds: readonly string[],
  today: string,
): Promise<UserScore[]> {
  const todayStart = Date.parse(`${today}T00:00:00.000Z`);
  if (Number.isNaN(todayStart)) throw new RangeError(`Not a date: ${today}`);
  if (userIds.length === 0) return [];
  const [events, activeDates] = await Promise.all([
    selectUserActivity(client, { userIds, from: 0, to: todayStart + MS_PER_DAY }),
    selectUserActiveDates(client, { userIds, from: todayStart - ACTIVE_DAYS_LOOKBACK * MS_PER_DAY }),
  ]);
  return userIds.map((userId) =>
    userScoreFrom(
      userMetricsFromActivity({ events: events.get(userId) ?? [], activeDates: activeDates.get(userId) ?? [], today }),
      today,
    ),
  );
}

/** One user's metrics, engagement score and insights. */
export async function computeUserScore(client: AnalyticsClient, userId: string, today: string): Promise<UserScore> {
  const [score] = await computeUserScores(client, [userId], today);
  return score!;
}
