import { z } from 'zod';
import type { SessionSpan } from '@stride/domain/analytics/activity';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { DAY_INDEX_SQL, localDayRangeParams, type ZonedUserDay } from './local-day-ranges';
import { userDayKey } from './select-user-day-activity';

/** The tracked events that delimit a browser session. */
export const SESSION_EVENTS = ['session_started', 'session_ended'] as const;

const QUERY = `
SELECT ${DAY_INDEX_SQL} AS dayIndex, session_id AS sessionId,
       min(toUnixTimestamp64Milli(occurred_at)) AS firstAt,
       max(toUnixTimestamp64Milli(occurred_at)) AS lastAt,
       maxIf(JSONExtractFloat(properties, 'duration_seconds'), event = 'session_ended') AS reportedSeconds,
       countIf(event = 'session_ended') AS ends
FROM tracked_events
WHERE user_id IN {users:Array(String)}
  AND occurred_at >= {from:DateTime64(3, 'UTC')} AND occurred_at < {to:DateTime64(3, 'UTC')}
  AND session_id != '' AND event IN {events:Array(String)}
  AND dayIndex > 0
GROUP BY dayIndex, sessionId`;

const row = z.object({
  dayIndex: z.coerce.number().int(),
  sessionId: z.string(),
  firstAt: z.number(),
  lastAt: z.number(),
  reportedSeconds: z.number(),
  ends: z.number(),
});

/** Each user's local day's sessions (first and last session event, reported duration), keyed by userDayKey. */
export async function selectUserDaySessions(
  client: AnalyticsClient,
  params: { userDays: readonly ZonedUserDay[] },
): Promise<Map<string, SessionSpan[]>> {
  const rows = await client.rows(QUERY, { ...localDayRangeParams(params.userDays), events: SESSION_EVENTS }, row);
  const byDay = new Map<string, SessionSpan[]>();
  for (const { dayIndex, sessionId, firstAt, lastAt, reportedSeconds, ends } of rows) {
    const { userId, date } = params.userDays[dayIndex - 1]!;
    const key = userDayKey(userId, date);
    const sessions = byDay.get(key) ?? [];
    sessions.push({ sessionId, firstAt, lastAt, reportedSeconds: ends > 0 ? reportedSeconds : null });
    byDay.set(key, sessions);
  }
  return byDay;
}
