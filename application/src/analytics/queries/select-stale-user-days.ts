import { z } from 'zod';
import { ACTIVITY_EVENT_TYPES } from '@stride/domain/analytics/activity';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { chDateTime } from '@stride/platform/clickhouse/params';

// A user-day is stale when an event of it was ingested after its latest computation started (the row's
// version is that start, in microseconds) or when it has no row at all.
const QUERY = `
SELECT raw.user_id AS userId, toString(raw.day) AS date
FROM (
  SELECT user_id, day, max(last_ingested) AS last_ingested
  FROM (
    SELECT user_id, toDate(occurred_at) AS day, max(ingested_at) AS last_ingested
      FROM domain_events
     WHERE ingested_at >= {since:DateTime64(3, 'UTC')} AND event_type IN {types:Array(String)}
     GROUP BY user_id, day
    UNION ALL
    SELECT user_id, toDate(occurred_at) AS day, max(ingested_at) AS last_ingested
      FROM tracked_events
     WHERE ingested_at >= {since:DateTime64(3, 'UTC')} AND session_id != '' AND user_id != ''
     GROUP BY user_id, day
  )
  GROUP BY user_id, day
) AS raw
LEFT JOIN (
  SELECT user_id, date, max(version) AS version FROM daily_metrics GROUP BY user_id, date
) AS computed ON computed.user_id = raw.user_id AND computed.date = raw.day
WHERE computed.version < toUnixTimestamp64Micro(raw.last_ingested)
LIMIT {limit:UInt32}`;

const row = z.object({ userId: z.string(), date: z.string() });

/** User-days with events ingested since `since` that their stored daily metrics do not include yet. */
export async function selectStaleUserDays(
  client: AnalyticsClient,
  params: { since: Date; limit: number },
): Promise<{ userId: string; date: string }[]> {
  return client.rows(
    QUERY,
    {
      since: chDateTime(params.since),
      types: ACTIVITY_EVENT_TYPES,
      limit: params.limit,
    },
    row,
  );
}
