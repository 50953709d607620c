import { z } from 'zod';
import { ACTIVITY_EVENT_TYPES } from '@stride/domain/analytics/activity';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { chDateTime } from '@stride/platform/clickhouse/params';

const QUERY = `
SELECT user_id AS userId, groupArray(toString(day)) AS dates
FROM (
  SELECT DISTINCT user_id, day
  FROM (
    SELECT user_id, toDate(occurred_at) AS day FROM domain_events
     WHERE user_id IN {users:Array(String)} AND occurred_at >= {from:DateTime64(3, 'UTC')}
       AND event_type IN {types:Array(String)}
    UNION ALL
    SELECT user_id, toDate(occurred_at) AS day FROM tracked_events
     WHERE user_id IN {users:Array(String)} AND occurred_at >= {from:DateTime64(3, 'UTC')}
  )
)
GROUP BY user_id`;

const row = z.object({ userId: z.string(), dates: z.array(z.string()) });

/**
 * The UTC days since `from` on which each user did something (a goal, task or AI event, or any tracked
 * event), sorted.
 */
export async function selectUserActiveDates(
  client: AnalyticsClient,
  params: { userIds: readonly string[]; from: Date | number },
): Promise<Map<string, string[]>> {
  const rows = await client.rows(
    QUERY,
    { users: params.userIds, from: chDateTime(params.from), types: ACTIVITY_EVENT_TYPES },
    row,
  );
  const byUser = new Map<string, string[]>(params.userIds.map((id) => [id, []]));
  for (const { userId, dates } of rows) byUser.set(userId, [...dates].sort());
  return byUser;
}
