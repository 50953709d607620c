-- Checkpoints and leases of the event bus's log consumers: the Kafka relay and, without Kafka, the analytics
-- consumers that read the log directly (platform/src/bus/log-consumer.ts).
--
-- Unlike subscription_checkpoints (projections: handler and checkpoint in one transaction), these consumers
-- have effects outside PostgreSQL (a broker, ClickHouse). They hold no transaction while they work: a row
-- lock would assign a transaction id and hold back pg_snapshot_xmin, stalling every gap-safe reader of the
-- log for as long as the broker takes to answer. Instead one process at a time owns a consumer through a
-- lease, and every checkpoint write is fenced on that ownership.
CREATE TABLE bus_consumer_checkpoints (
  consumer_id      text PRIMARY KEY,
  transaction_id   xid8 NOT NULL DEFAULT '0',
  global_position  bigint NOT NULL DEFAULT 0,
  owner            text,
  lease_expires_at timestamptz,
  updated_at       timestamptz NOT NULL DEFAULT now()
);
