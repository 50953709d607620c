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
  -- The user whose data the stream holds (metadata.userId of its first event): per-user audits read the
  -- user's streams through this small index instead of indexing every event by user.
  owner_id    text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX streams_owner_idx ON streams (owner_id);

-- Every index here is paid on every append, so there are only those a reader needs: the log order
-- (gap-safe readers), the stream order (deciders, audits), and the event id (idempotent append).
-- No index by event type: every consumer reads the whole log in order; add one when a consumer of a
-- sparse type needs it.
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
-- The version check happens before any row is inserted, so losing writers burn no positions. A retried
-- batch is recognised by its event ids, both when its expected version no longer holds and under 'any'.
CREATE FUNCTION stride_append_to_stream(
  p_stream_id text,
  p_stream_type text,
  p_owner_id text,
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
  v_inserted integer;
  v_count integer := cardinality(p_event_ids);
BEGIN
  -- Serialize appenders of this stream before the first write (which assigns the transaction id).
  PERFORM pg_advisory_xact_lock(hashtextextended(p_stream_id, 0));

  SELECT s.version INTO v_current FROM streams s WHERE s.stream_id = p_stream_id;
  v_current := coalesce(v_current, 0);
  IF (p_expected_version >= 0 AND v_current <> p_expected_version)
     OR (p_expected_version = -2 AND v_current <> 0)
     OR (p_expected_version = -3 AND v_current = 0) THEN
    SELECT * INTO outcome, stream_version, first_position, last_position, transaction_id
      FROM stride_find_appended(p_event_ids);
    IF outcome IS NULL THEN
      outcome := 'conflict';
      stream_version := v_current;
    END IF;
    RETURN;
  END IF;

  WITH inserted AS (
    INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
    SELECT p_stream_id, v_current + e.ord, e.event_id, e.event_type, e.schema_version, e.data, e.metadata
      FROM unnest(p_event_ids, p_event_types, p_schema_versions, p_data, p_metadata)
           WITH ORDINALITY AS e(event_id, event_type, schema_version, data, metadata, ord)
     ORDER BY e.ord
    ON CONFLICT (event_id) DO NOTHING
    RETURNING global_position
  )
  SELECT count(*), min(i.global_position), max(i.global_position)
    INTO v_inserted, first_position, last_position FROM inserted i;

  IF v_inserted = 0 THEN
    SELECT * INTO outcome, stream_version, first_position, last_position, transaction_id
      FROM stride_find_appended(p_event_ids);
    RETURN;
  ELSIF v_inserted < v_count THEN
    RAISE EXCEPTION 'Some but not all of these event ids are already stored' USING ERRCODE = 'unique_violation';
  END IF;

  INSERT INTO streams AS s (stream_id, stream_type, version, owner_id)
  VALUES (p_stream_id, p_stream_type, v_current + v_count, p_owner_id)
  ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version, updated_at = now();

  outcome := 'appended';
  stream_version := v_current + v_count;
  transaction_id := pg_current_xact_id();
END;
$$;

-- The original result of a batch whose events are all stored already ('duplicate'), else no row values.
CREATE FUNCTION stride_find_appended(
  p_event_ids uuid[],
  OUT outcome text,
  OUT stream_version integer,
  OUT first_position bigint,
  OUT last_position bigint,
  OUT transaction_id xid8
) LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN count(*) = cardinality(p_event_ids) THEN 'duplicate' END,
         max(e.stream_version), min(e.global_position), max(e.global_position), max(e.transaction_id)
    FROM events e WHERE e.event_id = ANY (p_event_ids)
   HAVING count(*) = cardinality(p_event_ids);
$$;
