import { z } from 'zod';
import { ACTIVITY_EVENT_TYPES } from '@stride/domain/analytics/activity';
import { localDayOf } from '@stride/domain/analytics/local-time';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { chDateTime } from '@stride/platform/clickhouse/params';
import type { ZonedUser } from '../time-zones';

// Quarter hours, not days: every zone's offset is a whole number of quarter hours, so each quarter hour lies
// in one local day of any zone, and the application turns them into the user's own days.
const QUERY = `
SELECT user_id AS userId, groupArray(quarter) AS quarters
FROM (
  SELECT DISTINCT user_id, toUnixTimestamp(toStartOfFifteenMinutes(occurred_at)) * 1000 AS quarter
  FROM (
    SELECT user_id, occurred_at FROM domain_events
     WHERE user_id IN {users:Array(String)} AND occurred_at >= {from:DateTime64(3, 'UTC')}
       AND event_type IN {types:Array(String)}
    UNION ALL
    SELECT user_id, occurred_at FROM tracked_events
     WHERE user_id IN {users:Array(String)} AND occurred_at >= {from:DateTime64(3, 'UTC')}
  )
)
GROUP BY user_id`;

const row = z.object({ userId: z.string(), quarters: z.array(z.coerce.number()) });

/**
 * The days since `from`, in each user's own time zone, on which the user did something (a goal, task or AI
 * event, or any tracked event), sorted.
 */
export async function selectUserActiveDates(
  client: AnalyticsClient,
  params: { users: readonly ZonedUser[]; from: Date | number },
): Promise<Map<string, string[]>> {
  const rows = await client.rows(
    QUERY,
    { users: params.users.map((user) => user.userId), from: chDateTime(params.from), types: ACTIVITY_EVENT_TYPES },
    row,
  );
  const zoneOf = new Map(params.users.map((user) => [user.userId, user.timeZone]));
  const byUser = new Map<string, string[]>(params.users.map((user) => [user.userId, []]));
  for (const { userId, quarters } of rows) {
    const zone = zoneOf.get(userId);
    if (zone === undefined) continue;
    byUser.set(userId, [...new Set(quarters.map((quarter) => localDayOf(quarter, zone)))].sort());
  }
  return byUser;
}
