import { z } from 'zod';
import { MAX_FUNNEL_STEPS } from '@stride/domain/analytics/funnel-report';
import { USER_IDENTIFIED_EVENT } from '@stride/domain/analytics/tracked-events';
import { pagedEventOf, type FunnelStep } from '@stride/domain/analytics/funnel';
import type { AnalyticsClient } from '@stride/platform/clickhouse/analytics-client';
import { chDateTime } from '@stride/platform/clickhouse/params';

export type FunnelBreakdown = 'none' | 'channel' | 'utm_source' | 'utm_campaign';

// windowFunnel over domain and tracked events together, without FINAL: a duplicated event (a re-delivery
// not merged yet) has the same time and step as its original, so it cannot change a user's level. The
// step conditions are written out for MAX_FUNNEL_STEPS (8) steps and read the bound `steps` array; a step
// past the funnel's length is an empty array that never matches, so the level stops at the last real step.
// A step matches an event's name, or for tracked events `name:path` (`page_viewed:/`, completesStep in the
// domain). Only a first-step event before `entryEnd` starts a chain: users enter in the range, later steps
// count until entryEnd + window.
//
// Signed-out visitors (issue 13, item 15): their tracked events have user_id '' and a random anonymous_id.
// The identify join is applied here, at query time, never written into the rows: an anonymous id belongs to
// the user of the earliest user_identified event that carries it (ties by user id), whenever that came, so a
// landing view in the range joins a sign-up after it. Only that event keeps an anonymous id for a signed-in
// user, and filtering on its name keeps the scan narrow. Stored rows never change, so a replay or a
// rebuild (the same rows, deduplicated by event id) gives the same answer, and an anonymous id joins at most
// one user, so nothing counts twice. A visitor who never signed up counts as one funnel user of their own.
const STEP = (k: number) =>
  `(has({steps:Array(Array(String))}[${k}], name) OR has({steps:Array(Array(String))}[${k}], page))`;

// A tracked event's `name:path`, computed only for the events a step names with a path (page views).
const PAGE = `if(event IN {pagedEvents:Array(String)}, concat(toString(event), ':', path), '')`;
// The tracked events any step names: a cheap filter on the event first, and for the events a step names with a
// path a plain comparison of the stored path (no text built per row; a pair no step names never matches a step).
const TRACKED_MATCH = `event IN {trackedEvents:Array(String)}
       AND (event IN {names:Array(String)} OR (event IN {pagedEvents:Array(String)} AND path IN {pagedPaths:Array(String)}))`;

const QUERY = `
WITH levels AS (
  SELECT user_id,
         windowFunnel({windowMs:UInt64})(
           t,
           ${STEP(1)} AND t < {entryEndMs:UInt64},
           ${[2, 3, 4, 5, 6, 7, 8].map(STEP).join(',\n           ')}
         ) AS level
  FROM (
    SELECT user_id, toUInt64(toUnixTimestamp64Milli(occurred_at)) AS t, toString(event_type) AS name, '' AS page
      FROM domain_events
     WHERE occurred_at >= {from:DateTime64(3, 'UTC')} AND occurred_at < {to:DateTime64(3, 'UTC')}
       AND event_type IN {names:Array(String)}
    UNION ALL
    SELECT user_id, toUInt64(toUnixTimestamp64Milli(occurred_at)) AS t, toString(event) AS name, ${PAGE} AS page
      FROM tracked_events
     WHERE occurred_at >= {from:DateTime64(3, 'UTC')} AND occurred_at < {to:DateTime64(3, 'UTC')}
       AND user_id != '' AND ${TRACKED_MATCH}
    UNION ALL
    SELECT if(identified.identified_user != '', identified.identified_user, concat('anonymous:', visits.anonymous_id)) AS user_id,
           t, name, page
      FROM (
        SELECT anonymous_id, toUInt64(toUnixTimestamp64Milli(occurred_at)) AS t, toString(event) AS name, ${PAGE} AS page
          FROM tracked_events
         WHERE occurred_at >= {from:DateTime64(3, 'UTC')} AND occurred_at < {to:DateTime64(3, 'UTC')}
           AND user_id = '' AND anonymous_id != '' AND ${TRACKED_MATCH}
      ) AS visits
      LEFT JOIN (
        SELECT anonymous_id AS identified_id, argMin(user_id, (occurred_at, user_id)) AS identified_user
          FROM tracked_events
         WHERE event = {identifyEvent:String} AND anonymous_id != '' AND user_id != ''
         GROUP BY anonymous_id
      ) AS identified ON identified.identified_id = visits.anonymous_id
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
  const names = [...new Set(steps.flat())];
  const paged = names.flatMap((name) => {
    const event = pagedEventOf(name);
    return event === null ? [] : [{ event, path: name.slice(event.length + 1) }];
  });
  const pagedEvents = [...new Set(paged.map(({ event }) => event))];
  return client.rows(
    QUERY,
    {
      steps,
      names,
      windowMs: params.windowMs,
      entryEndMs: params.entryEnd.getTime(),
      from: chDateTime(params.from),
      to: chDateTime(params.entryEnd.getTime() + params.windowMs),
      breakdown: params.breakdown,
      identifyEvent: USER_IDENTIFIED_EVENT,
      pagedEvents,
      pagedPaths: [...new Set(paged.map(({ path }) => path))],
      trackedEvents: [...new Set([...names, ...pagedEvents])],
    },
    row,
  );
}
