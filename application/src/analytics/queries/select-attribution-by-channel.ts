import { z } from 'zod';
import { ACTIVATION_EVENT_TYPES, PAID_CONVERSION_EVENT_TYPES } from '@stride/domain/analytics/attribution-report';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { chDateTime } from '@stride/platform/clickhouse/params';

// The cohort: users who signed up in [from, to), by first-touch channel. Their activation, paid conversion
// and revenue count to date. Each event counts once (grouped by event id before summing; the aliases differ
// from the column names, which WHERE reads).
const QUERY = `
WITH cohort AS (
  SELECT user_id, acquisition_channel
  FROM attribution
  WHERE signup_at >= {from:DateTime64(3, 'UTC')} AND signup_at < {to:DateTime64(3, 'UTC')}
  LIMIT 1 BY user_id
),
outcomes AS (
  SELECT user_id,
         countIf(type IN {activation:Array(String)}) > 0 AS activated,
         countIf(type IN {paid:Array(String)}) > 0 AS converted,
         sum(amount) AS revenue
  FROM (
    SELECT user_id, event_id, any(event_type) AS type, any(amount_cents) AS amount
    FROM domain_events
    WHERE user_id IN (SELECT user_id FROM cohort)
      AND (event_type IN {activation:Array(String)} OR event_type IN {paid:Array(String)} OR amount_cents > 0)
    GROUP BY user_id, event_id
  )
  GROUP BY user_id
)
SELECT toString(cohort.acquisition_channel) AS channel,
       count() AS signups,
       countIf(outcomes.activated) AS activatedUsers,
       countIf(outcomes.converted) AS paidConversions,
       sum(outcomes.revenue) AS revenueCents
FROM cohort
LEFT JOIN outcomes ON outcomes.user_id = cohort.user_id
GROUP BY channel
ORDER BY signups DESC, channel`;

const row = z.object({
  channel: z.string(),
  signups: z.number().int(),
  activatedUsers: z.number().int(),
  paidConversions: z.number().int(),
  revenueCents: z.number().int(),
});

export type AttributionCounts = z.infer<typeof row>;

/** Signups in [from, to) by acquisition channel, with their activations, paid conversions and revenue. */
export async function selectAttributionByChannel(
  client: AnalyticsClient,
  params: { from: Date; to: Date },
): Promise<AttributionCounts[]> {
  return client.rows(
    QUERY,
    {
      from: chDateTime(params.from),
      to: chDateTime(params.to),
      activation: ACTIVATION_EVENT_TYPES,
      paid: PAID_CONVERSION_EVENT_TYPES,
    },
    row,
  );
}
