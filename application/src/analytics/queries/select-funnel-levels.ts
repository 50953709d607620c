import { z } from 'zod';
import { MAX_FUNNEL_STEPS } from '@stride/domain/analytics/funnel-report';
import type { FunnelStep } from '@stride/domain/analytics/funnel';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { chDateTime } from '@stride/platform/clickhouse/params';

export type FunnelBreakdown = 'none' | 'channel' | 'utm_source' | 'utm_campaign';

// windowFunnel over domain and tracked events together, without FINAL: a duplicated event (a re-delivery
// not merged yet) has the same time and step as its original, so it cannot change a user's level. The
// step conditions are written out for MAX_FUNNEL_STEPS (8) steps and read the bound `steps` array; a step
// past the funnel's length is an empty array that never matches, so the level stops at the last real step.
// Only a first-step event before `entryEnd` starts a chain: users enter in the range, later steps count
// until entryEnd + window.
const QUERY = `
WITH levels AS (
  SELECT user_id,
         windowFunnel({windowMs:UInt64})(
           t,
           has({steps:Array(Array(String))}[1], name) AND t < {entryEndMs:UInt64},
           has({steps:Array(Array(String))}[2], name),
           has({steps:Array(Array(String))}[3], name),
           has({steps:Array(Array(String))}[4], name),
           has({steps:Array(Array(String))}[5], name),
           has({steps:Array(Array(String))}[6], name),
           has({steps:Array(Array(String))}[7], name),
           has({steps:Array(Array(String))}[8], name)
         ) AS level
  FROM (
    SELECT user_id, toUInt64(toUnixTimestamp64Milli(occurred_at)) AS t, toString(event_type) AS name
      FROM domain_events
     WHERE occurred_at >= {from:DateTime64(3, 'UTC')} AND occurred_at < {to:DateTime64(3, 'UTC')}
       AND event_type IN {names:Array(String)}
    UNION ALL
    SELECT user_id, toUInt64(toUnixTimestamp64Milli(occurred_at)) AS t, toString(event) AS name
      FROM tracked_events
     WHERE occurred_at >= {from:DateTime64(3, 'UTC')} AND occurred_at < {to:DateTime64(3, 'UTC')}
       AND event IN {names:Array(String)}
  )
  GROUP BY user_id
)
SELECT level,
       multiIf({breakdown:String} = 'channel', if(a.acquisition_channel = '', 'Unknown', toString(a.acquisition_channel)),
               {breakdown:String} = 'utm_source', if(a.utm_source = '', '(none)', a.utm_source),
               {breakdown:String} = 'utm_campaign', if(a.utm_campaign = '', '(none)', a.utm_campaign),
               '') AS key,
       count() AS users
FROM levels
LEFT JOIN (
  SELECT user_id, acquisition_channel, utm_source, utm_campaign FROM attribution LIMIT 1 BY user_id
) AS a ON a.user_id = levels.user_id
WHERE level > 0
GROUP BY level, key`;

const row = z.object({ level: z.number().int(), key: z.string(), users: z.number().int() });

export interface FunnelLevelCount {
  readonly level: number;
  readonly key: string;
  readonly users: number;
}

/** How many users reached each deepest funnel level, per breakdown key ('' without a breakdown). */
export async function selectFunnelLevels(
  client: AnalyticsClient,
  params: { steps: readonly FunnelStep[]; from: Date; entryEnd: Date; windowMs: number; breakdown: FunnelBreakdown },
): Promise<FunnelLevelCount[]> {
  if (params.steps.length === 0 || params.steps.length > MAX_FUNNEL_STEPS) {
    throw new RangeError(`A funnel has 1 to ${MAX_FUNNEL_STEPS} steps`);
  }
  const steps = params.steps.map((step) => [...step.eventTypes]);
  return client.rows(
    QUERY,
    {
      steps,
      names: [...new Set(steps.flat())],
      windowMs: params.windowMs,
      entryEndMs: params.entryEnd.getTime(),
      from: chDateTime(params.from),
      to: chDateTime(params.entryEnd.getTime() + params.windowMs),
      breakdown: params.breakdown,
    },
    row,
  );
}
