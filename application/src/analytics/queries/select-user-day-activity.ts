import { z } from 'zod';
import { ACTIVITY_EVENT_TYPES, type ActivityEvent } from '@stride/domain/analytics/activity';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';

// `user_id IN users` lets the primary key (user first) narrow the read; the tuple filter keeps the days.
const QUERY = `
SELECT user_id AS userId, toString(toDate(occurred_at)) AS day, event_type AS type,
       toUnixTimestamp64Milli(occurred_at) AS at, goal_id AS goalId, task_ids AS taskIds, units
FROM domain_events
WHERE user_id IN {users:Array(String)}
  AND (user_id, toDate(occurred_at)) IN arrayZip({dayUsers:Array(String)}, {dayDates:Array(Date)})
  AND event_type IN {types:Array(String)}
LIMIT 1 BY event_id`;

const row = z.object({
  userId: z.string(),
  day: z.string(),
  type: z.string(),
  at: z.number(),
  goalId: z.string(),
  taskIds: z.array(z.string()),
  units: z.number(),
});

export interface UserDayKey {
  readonly userId: string;
  readonly date: string;
}

export const userDayKey = (userId: string, date: string): string => `${userId}\n${date}`;

/** The goal, task and AI-usage events of each user-day, each once, keyed by userDayKey. */
export async function selectUserDayActivity(
  client: AnalyticsClient,
  params: { userDays: readonly UserDayKey[] },
): Promise<Map<string, ActivityEvent[]>> {
  const rows = await client.rows(
    QUERY,
    {
      users: [...new Set(params.userDays.map((day) => day.userId))],
      dayUsers: params.userDays.map((day) => day.userId),
      dayDates: params.userDays.map((day) => day.date),
      types: ACTIVITY_EVENT_TYPES,
    },
    row,
  );
  const byDay = new Map<string, ActivityEvent[]>();
  for (const { userId, day, goalId, ...event } of rows) {
    const key = userDayKey(userId, day);
    const events = byDay.get(key) ?? [];
    events.push({ ...event, goalId: goalId === '' ? null : goalId });
    byDay.set(key, events);
  }
  return byDay;
}
