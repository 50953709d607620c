-- The event store: the single source of truth. Everything else is derived from this log.
--
-- Ordering and the sequence-gap problem: global_position is taken from a sequence at insert time but
-- becomes visible at commit, so a reader that checkpoints on it alone could step past an event that a
-- slower transaction commits later with a lower position. Every event therefore records the id of the
-- transaction that wrote it, and readers of the global log only read rows whose transaction is older than
-- the oldest transaction still running (pg_snapshot_xmin), in (transaction_id, global_position) order, and
-- checkpoint both. Appends take a per-stream advisory lock before their first write, so a stream's events
-- are also in stream_version order under that ordering.

CREATE TABLE streams (
  stream_id   text PRIMARY KEY,
  stream_type text NOT NULL,
  version     integer NOT NULL CHECK (version >= 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE events (
  global_position bigserial PRIMARY KEY,
  transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id       text NOT NULL,
  stream_version  integer NOT NULL CHECK (stream_version > 0),
  event_id        uuid NOT NULL,
  event_type      text NOT NULL,
  schema_version  integer NOT NULL CHECK (schema_version > 0),
  data            jsonb NOT NULL,
  metadata        jsonb NOT NULL,
  recorded_at     timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT events_stream_version_key UNIQUE (stream_id, stream_version),
  -- Idempotent append: the same event id can never be stored twice.
  CONSTRAINT events_event_id_key UNIQUE (event_id)
);

CREATE INDEX events_log_order_idx ON events (transaction_id, global_position);
-- Rebuilds and audits of sparse event types.
CREATE INDEX events_type_position_idx ON events (event_type, global_position);
-- Audit: every event caused by a user.
CREATE INDEX events_user_position_idx ON events ((metadata ->> 'userId'), global_position);

-- Where each subscriber (projection, relay, consumer) has read the log up to.
CREATE TABLE subscription_checkpoints (
  subscription_id text PRIMARY KEY,
  transaction_id  xid8 NOT NULL,
  global_position bigint NOT NULL,
  updated_at      timestamptz NOT NULL DEFAULT now()
);

-- Appends a batch of events to one stream, atomically.
--   p_expected_version: >= 0 exact version, -1 any, -2 stream must not exist, -3 stream must exist.
-- Outcomes: 'appended'; 'duplicate' when every event id is already stored (the original positions are
-- returned, nothing is written); 'conflict' when the expected version does not hold (nothing written).
-- The version check happens before any row is inserted, so losing writers burn no positions.
CREATE FUNCTION stride_append_to_stream(
  p_stream_id text,
  p_stream_type text,
  p_expected_version integer,
  p_event_ids uuid[],
  p_event_types text[],
  p_schema_versions integer[],
  p_data jsonb[],
  p_metadata jsonb[],
  OUT outcome text,
  OUT stream_version integer,
  OUT first_position bigint,
  OUT last_position bigint,
  OUT transaction_id xid8
) LANGUAGE plpgsql AS $$
DECLARE
  v_current integer;
  v_existing integer;
  v_count integer := cardinality(p_event_ids);
BEGIN
  -- Serialize appenders of this stream before the first write (which assigns the transaction id).
  PERFORM pg_advisory_xact_lock(hashtextextended(p_stream_id, 0));

  SELECT count(*), min(e.global_position), max(e.global_position), max(e.stream_version), max(e.transaction_id)
    INTO v_existing, first_position, last_position, stream_version, transaction_id
    FROM events e WHERE e.event_id = ANY (p_event_ids);
  IF v_existing = v_count THEN
    outcome := 'duplicate';
    RETURN;
  ELSIF v_existing > 0 THEN
    RAISE EXCEPTION 'Some but not all of these event ids are already stored' USING ERRCODE = 'unique_violation';
  END IF;

  SELECT s.version INTO v_current FROM streams s WHERE s.stream_id = p_stream_id;
  v_current := coalesce(v_current, 0);
  stream_version := v_current;
  transaction_id := NULL;
  IF (p_expected_version >= 0 AND v_current <> p_expected_version)
     OR (p_expected_version = -2 AND v_current <> 0)
     OR (p_expected_version = -3 AND v_current = 0) THEN
    outcome := 'conflict';
    RETURN;
  END IF;

  WITH inserted AS (
    INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
    SELECT p_stream_id, v_current + e.ord, e.event_id, e.event_type, e.schema_version, e.data, e.metadata
      FROM unnest(p_event_ids, p_event_types, p_schema_versions, p_data, p_metadata)
           WITH ORDINALITY AS e(event_id, event_type, schema_version, data, metadata, ord)
     ORDER BY e.ord
    RETURNING global_position
  )
  SELECT min(i.global_position), max(i.global_position) INTO first_position, last_position FROM inserted i;

  INSERT INTO streams AS s (stream_id, stream_type, version)
  VALUES (p_stream_id, p_stream_type, v_current + v_count)
  ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version, updated_at = now();

  outcome := 'appended';
  stream_version := v_current + v_count;
  transaction_id := pg_current_xact_id();
END;
$$;
