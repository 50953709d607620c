import { z } from 'zod';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { chDateTime } from '@stride/platform/clickhouse/params';

const QUERY = `
SELECT uniqExact(event_id) AS total
FROM signup_errors
WHERE occurred_at >= {from:DateTime64(3, 'UTC')} AND occurred_at < {to:DateTime64(3, 'UTC')}`;

const row = z.object({ total: z.number().int() });

/** How many distinct sign-up errors happened in [from, to). */
export async function countSignupErrors(client: AnalyticsClient, params: { from: Date; to: Date }): Promise<number> {
  const [result] = await client.rows(QUERY, { from: chDateTime(params.from), to: chDateTime(params.to) }, row);
  return result?.total ?? 0;
}
