import { z } from 'zod';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';

const QUERY = `
SELECT event_type AS type, data, user_id AS userId
FROM domain_events
WHERE goal_id = {goalId:String}
ORDER BY global_position
LIMIT 1 BY event_id`;

const row = z.object({ type: z.string(), data: z.string(), userId: z.string() });

export interface GoalEventRow {
  readonly type: string;
  /** The event's data in its current schema version (it is stored upcast). */
  readonly data: unknown;
  readonly userId: string;
}

/** A goal's events in log order, each once. */
export async function selectGoalEvents(client: AnalyticsClient, params: { goalId: string }): Promise<GoalEventRow[]> {
  const rows = await client.rows(QUERY, params, row);
  return rows.map((r) => ({ type: r.type, data: JSON.parse(r.data) as unknown, userId: r.userId }));
}
