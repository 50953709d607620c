-- Signed-out visitors' tracked events (issue 13, item 15): stored with user_id '' under the browser's random
-- anonymous id. A signed-in `user_identified` event carries the anonymous id it joins to its user; the join is
-- applied at query time (select-funnel-levels.ts), so replays and rebuilds give the same answer.
ALTER TABLE tracked_events ADD COLUMN IF NOT EXISTS anonymous_id String DEFAULT '' AFTER user_id;
