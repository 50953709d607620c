import { z } from 'zod';
import type { SessionSpan } from '@stride/domain/analytics/activity';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { userDayKey, type UserDayKey } from './select-user-day-activity';

/** The tracked events that delimit a browser session. */
export const SESSION_EVENTS = ['session_started', 'session_ended'] as const;

const QUERY = `
SELECT user_id AS userId, toString(toDate(occurred_at)) AS day, session_id AS sessionId,
       min(toUnixTimestamp64Milli(occurred_at)) AS firstAt,
       max(toUnixTimestamp64Milli(occurred_at)) AS lastAt,
       maxIf(JSONExtractFloat(properties, 'duration_seconds'), event = 'session_ended') AS reportedSeconds,
       countIf(event = 'session_ended') AS ends
FROM tracked_events
WHERE user_id IN {users:Array(String)}
  AND (user_id, toDate(occurred_at)) IN arrayZip({dayUsers:Array(String)}, {dayDates:Array(Date)})
  AND session_id != '' AND event IN {events:Array(String)}
GROUP BY userId, day, sessionId`;

const row = z.object({
  userId: z.string(),
  day: z.string(),
  sessionId: z.string(),
  firstAt: z.number(),
  lastAt: z.number(),
  reportedSeconds: z.number(),
  ends: z.number(),
});

/** Each user-day's sessions (first and last session event, reported duration), keyed by userDayKey. */
export async function selectUserDaySessions(
  client: AnalyticsClient,
  params: { userDays: readonly UserDayKey[] },
): Promise<Map<string, SessionSpan[]>> {
  const rows = await client.rows(
    QUERY,
    {
      users: [...new Set(params.userDays.map((day) => day.userId))],
      dayUsers: params.userDays.map((day) => day.userId),
      dayDates: params.userDays.map((day) => day.date),
      events: SESSION_EVENTS,
    },
    row,
  );
  const byDay = new Map<string, SessionSpan[]>();
  for (const { userId, day, sessionId, firstAt, lastAt, reportedSeconds, ends } of rows) {
    const key = userDayKey(userId, day);
    const sessions = byDay.get(key) ?? [];
    sessions.push({ sessionId, firstAt, lastAt, reportedSeconds: ends > 0 ? reportedSeconds : null });
    byDay.set(key, sessions);
  }
  return byDay;
}
