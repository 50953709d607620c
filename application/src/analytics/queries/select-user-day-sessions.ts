import { z } from 'zod';
import { sessionSpansFromEvents, type SessionSpan } from '@stride/domain/analytics/activity';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { DAY_INDEX_SQL, localDayRangeParams, type ZonedUserDay } from './local-day-ranges';
import { userDayKey } from './select-user-day-activity';

// Every tracked event with a session id marks the session's time (not only session_started / session_ended,
// which a closed tab or a killed phone browser never sends): the application splits each session's event
// times at gaps of inactivity (sessionSpansFromEvents). A re-delivered event has its original's time, so it
// cannot lengthen a span.
const QUERY = `
SELECT ${DAY_INDEX_SQL} AS dayIndex, session_id AS sessionId,
       groupUniqArray(toUnixTimestamp64Milli(occurred_at)) AS times,
       maxIf(JSONExtractFloat(properties, 'duration_seconds'), event = 'session_ended') AS reportedSeconds,
       countIf(event = 'session_ended') AS ends
FROM tracked_events
WHERE user_id IN {users:Array(String)}
  AND occurred_at >= {from:DateTime64(3, 'UTC')} AND occurred_at < {to:DateTime64(3, 'UTC')}
  AND session_id != ''
  AND dayIndex > 0
GROUP BY dayIndex, sessionId`;

const row = z.object({
  dayIndex: z.coerce.number().int(),
  sessionId: z.string(),
  times: z.array(z.coerce.number()),
  reportedSeconds: z.number(),
  ends: z.coerce.number(),
});

/** Each user's local day's session spans (from all the session's events, see sessionSpansFromEvents), keyed by userDayKey. */
export async function selectUserDaySessions(
  client: AnalyticsClient,
  params: { userDays: readonly ZonedUserDay[] },
): Promise<Map<string, SessionSpan[]>> {
  const rows = await client.rows(QUERY, localDayRangeParams(params.userDays), row);
  const byDay = new Map<string, SessionSpan[]>();
  for (const { dayIndex, sessionId, times, reportedSeconds, ends } of rows) {
    const { userId, date } = params.userDays[dayIndex - 1]!;
    const key = userDayKey(userId, date);
    const sessions = byDay.get(key) ?? [];
    sessions.push(...sessionSpansFromEvents(sessionId, times, ends > 0 ? reportedSeconds : null));
    byDay.set(key, sessions);
  }
  return byDay;
}
