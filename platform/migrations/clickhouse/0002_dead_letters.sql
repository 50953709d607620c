-- Rows an analytics table refused even on their own (the insert batcher splits a failed batch down to single
-- rows first, so only the bad row lands here). `row` is the row as JSON (JSON escapes make any text
-- storable); kept a year for inspection and replay.
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
