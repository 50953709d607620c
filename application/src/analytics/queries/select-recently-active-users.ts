import { z } from 'zod';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';

const QUERY = `
SELECT DISTINCT user_id AS userId
FROM daily_metrics
WHERE date >= {since:Date}
ORDER BY userId`;

const row = z.object({ userId: z.string() });

/** Users with a daily-metrics row since `since` (YYYY-MM-DD). */
export async function selectRecentlyActiveUsers(client: AnalyticsClient, params: { since: string }): Promise<string[]> {
  return (await client.rows(QUERY, params, row)).map((r) => r.userId);
}
