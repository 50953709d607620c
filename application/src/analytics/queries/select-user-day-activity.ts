import { z } from 'zod';
import { ACTIVITY_EVENT_TYPES, type ActivityEvent } from '@stride/domain/analytics/activity';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { DAY_INDEX_SQL, localDayRangeParams, type ZonedUserDay } from './local-day-ranges';

// `user_id IN users` and the span let the primary key (user first) narrow the read; the index keeps the days.
const QUERY = `
SELECT ${DAY_INDEX_SQL} AS dayIndex, event_type AS type,
       toUnixTimestamp64Milli(occurred_at) AS at, goal_id AS goalId, task_ids AS taskIds, units
FROM domain_events
WHERE user_id IN {users:Array(String)}
  AND occurred_at >= {from:DateTime64(3, 'UTC')} AND occurred_at < {to:DateTime64(3, 'UTC')}
  AND event_type IN {types:Array(String)}
  AND dayIndex > 0
LIMIT 1 BY event_id`;

const row = z.object({
  dayIndex: z.coerce.number().int(),
  type: z.string(),
  at: z.number(),
  goalId: z.string(),
  taskIds: z.array(z.string()),
  units: z.number(),
});

export const userDayKey = (userId: string, date: string): string => `${userId}\n${date}`;

/** The goal, task and AI-usage events of each user's local day, each once, keyed by userDayKey. */
export async function selectUserDayActivity(
  client: AnalyticsClient,
  params: { userDays: readonly ZonedUserDay[] },
): Promise<Map<string, ActivityEvent[]>> {
  const rows = await client.rows(QUERY, { ...localDayRangeParams(params.userDays), types: ACTIVITY_EVENT_TYPES }, row);
  const byDay = new Map<string, ActivityEvent[]>();
  for (const { dayIndex, goalId, ...event } of rows) {
    const { userId, date } = params.userDays[dayIndex - 1]!;
    const key = userDayKey(userId, date);
    const events = byDay.get(key) ?? [];
    events.push({ ...event, goalId: goalId === '' ? null : goalId });
    byDay.set(key, events);
  }
  return byDay;
}
