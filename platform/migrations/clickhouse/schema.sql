-- The current analytics schema, for reading: what the numbered migrations in this folder add up to.
-- Never applied by the app: change the schema with a new NNNN_*.sql migration and update this file
-- (platform/src/clickhouse/analytics-store.int.test.ts checks that the two agree).
--
-- The analytics store. Every table is ordered by user first: per-user reads (a dashboard, a user-day recompute)
-- read a narrow key range, and the funnel's windowFunnel groups by user. Raw tables are ReplacingMergeTree
-- keyed so that a re-delivered event collapses on merge; until a merge has run, readers deduplicate by
-- event_id themselves (LIMIT 1 BY event_id, uniqExact), so no figure ever counts an event twice and no
-- query needs FINAL. Partitions are months.
--
-- non_replicated_deduplication_window makes a retried insert with the same insert_deduplication_token a
-- no-op (checked on chDB 26.7): the batcher sends one token per batch.

-- Every domain event relayed from the PostgreSQL log (one row per event).
CREATE TABLE IF NOT EXISTS domain_events (
  event_id        UUID,
  global_position UInt64,
  user_id         String,
  stream_id       String,
  event_type      LowCardinality(String),
  occurred_at     DateTime64(3, 'UTC'),
  -- Extracted for the metrics: the goal of goal-stream events, the tasks an event is about, units counted
  -- (AI generations), money (billing events, cents) and a tier (billing events).
  goal_id         String,
  task_ids        Array(String),
  units           UInt32,
  amount_cents    Int64,
  tier            LowCardinality(String),
  data            String CODEC(ZSTD(3)),
  ingested_at     DateTime64(3, 'UTC') DEFAULT now64(3),
  INDEX goal_id_idx goal_id TYPE bloom_filter(0.01) GRANULARITY 4
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (user_id, occurred_at, event_id)
SETTINGS non_replicated_deduplication_window = 1000;

-- Product events tracked by the browser (POST /api/analytics/events, track-event, time-accuracy).
-- A signed-out visitor's events have user_id '' and their random anonymous_id (0003); a signed-in
-- user_identified event has both, joining the anonymous id to the user at query time.
CREATE TABLE IF NOT EXISTS tracked_events (
  event_id    UUID,
  user_id     String,
  anonymous_id String DEFAULT '',
  session_id  String,
  event       LowCardinality(String),
  occurred_at DateTime64(3, 'UTC'),
  received_at DateTime64(3, 'UTC'),
  tier        LowCardinality(String),
  path        String,
  referrer    String,
  user_agent  String CODEC(ZSTD(3)),
  properties  String CODEC(ZSTD(3)),
  ingested_at DateTime64(3, 'UTC') DEFAULT now64(3)
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (user_id, occurred_at, event_id)
SETTINGS non_replicated_deduplication_window = 1000;

-- One row per user and UTC day, recomputed from the raw events whenever that day changes: the row with the
-- highest version wins (argMax on read, or a merge).
CREATE TABLE IF NOT EXISTS daily_metrics (
  user_id             String,
  date                Date,
  goals_created       UInt32,
  goals_completed     UInt32,
  tasks_created       UInt32,
  tasks_completed     UInt32,
  ai_generations_used UInt32,
  session_duration    Float64,
  productivity_score  UInt8,
  version             UInt64,
  computed_at         DateTime64(3, 'UTC')
) ENGINE = ReplacingMergeTree(version)
PARTITION BY toYYYYMM(date)
ORDER BY (user_id, date)
SETTINGS non_replicated_deduplication_window = 1000;

-- The latest user metrics and engagement score per user (nightly and after activity).
CREATE TABLE IF NOT EXISTS user_scores (
  user_id                String,
  as_of                  Date,
  task_completion_rate   Float64,
  daily_active_streak    UInt32,
  goal_completion_rate   Float64,
  ai_generations_used    UInt32,
  last_active_date       Nullable(Date),
  most_productive_hour   Nullable(UInt8),
  abandoned_goals        UInt32,
  completed_goals        UInt32,
  engagement_score       Float64,
  engagement_completion  Float64,
  engagement_streak      Float64,
  engagement_goals       Float64,
  engagement_ai          Float64,
  engagement_recency     Float64,
  insights               Array(LowCardinality(String)),
  version                UInt64,
  computed_at            DateTime64(3, 'UTC')
) ENGINE = ReplacingMergeTree(version)
ORDER BY user_id
SETTINGS non_replicated_deduplication_window = 1000;

-- First touch per user, from UserRegistered (one event per user: duplicates are identical rows).
CREATE TABLE IF NOT EXISTS attribution (
  user_id             String,
  event_id            UUID,
  acquisition_channel LowCardinality(String),
  utm_source          String,
  utm_medium          String,
  utm_campaign        String,
  utm_term            String,
  utm_content         String,
  referrer_url        String,
  landing_page        String,
  first_touch_at      Nullable(DateTime64(3, 'UTC')),
  signup_at           DateTime64(3, 'UTC')
) ENGINE = ReplacingMergeTree
ORDER BY user_id
SETTINGS non_replicated_deduplication_window = 1000;

-- Sign-up errors, filled from tracked events by the materialized view below.
CREATE TABLE IF NOT EXISTS signup_errors (
  event_id    UUID,
  occurred_at DateTime64(3, 'UTC'),
  user_id     String,
  email       String,
  stage       LowCardinality(String),
  code        String,
  message     String,
  path        String
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (occurred_at, event_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS signup_errors_mv TO signup_errors AS
SELECT
  event_id,
  occurred_at,
  user_id,
  JSONExtractString(properties, 'email') AS email,
  if(event = 'signup_error', JSONExtractString(properties, 'stage'), 'client_error') AS stage,
  JSONExtractString(properties, 'code') AS code,
  JSONExtractString(properties, 'message') AS message,
  path
FROM tracked_events
WHERE event = 'signup_error'
   OR (event = 'error_occurred' AND match(path, '^/(sign-up|simple-signup|complete-setup|get-started)'));

-- Rows an analytics table refused on their own (0002): the insert batcher's dead letters.
CREATE TABLE IF NOT EXISTS analytics_dead_letters (
  table_name LowCardinality(String),
  row_id     String,
  row        String CODEC(ZSTD(3)),
  error      String,
  failed_at  DateTime64(3, 'UTC')
) ENGINE = MergeTree
PARTITION BY toYYYYMM(failed_at)
ORDER BY (table_name, failed_at, row_id)
TTL toDateTime(failed_at) + INTERVAL 1 YEAR;
