import { z } from 'zod';
import { ACTIVITY_EVENT_TYPES, type ActivityEvent } from '@stride/domain/analytics/activity';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { chDateTime } from '@stride/platform/clickhouse/params';

const QUERY = `
SELECT user_id AS userId, event_type AS type, toUnixTimestamp64Milli(occurred_at) AS at, goal_id AS goalId,
       task_ids AS taskIds, units
FROM domain_events
WHERE user_id IN {users:Array(String)}
  AND occurred_at >= {from:DateTime64(3, 'UTC')} AND occurred_at < {to:DateTime64(3, 'UTC')}
  AND event_type IN {types:Array(String)}
LIMIT 1 BY event_id`;

const row = z.object({
  userId: z.string(),
  type: z.string(),
  at: z.number(),
  goalId: z.string(),
  taskIds: z.array(z.string()),
  units: z.number(),
});

/** Each user's goal, task and AI-usage events in [from, to), each once (deduplicated by event id). */
export async function selectUserActivity(
  client: AnalyticsClient,
  params: { userIds: readonly string[]; from: Date | number; to: Date | number },
): Promise<Map<string, ActivityEvent[]>> {
  const rows = await client.rows(
    QUERY,
    { users: params.userIds, from: chDateTime(params.from), to: chDateTime(params.to), types: ACTIVITY_EVENT_TYPES },
    row,
  );
  const byUser = new Map<string, ActivityEvent[]>(params.userIds.map((id) => [id, []]));
  for (const { userId, goalId, ...event } of rows)
    byUser.get(userId)?.push({ ...event, goalId: goalId === '' ? null : goalId });
  return byUser;
}
