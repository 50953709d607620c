-- Tamper evidence. Every event carries event_hash = sha256(previous event's hash in its stream || its
-- content), computed inside the append under the stream's lock; the stream keeps the hash of its last event
-- (streams.head_hash), so a removed last event shows too. The content is the bytes of
-- stride_event_content: every stored column but the positions, each variable-length field prefixed by its
-- length in bytes, so no two different events share one text. The first event of a stream chains from the
-- empty string. `npm run audit:verify` recomputes every chain in TypeScript (node:crypto) from the stored
-- columns and names the first broken event of each stream.
--
-- Log checkpoints: a hash over the whole log up to a point, in the gap-safe log order (transaction id,
-- position) used by every reader: log_checkpoints.hash = sha256(previous checkpoint's hash || the
-- event_hash of every event after the previous checkpoint up to this one). Only events of transactions
-- older than every running transaction are covered, so the set a checkpoint covers can never grow later.
-- The append writes one whenever a batch crosses a multiple of 1024 positions.

-- The bytes an event's hash covers (the verifier builds the same bytes, platform/src/event-store/event-hash.ts).
CREATE FUNCTION stride_event_content(
  p_stream_id text,
  p_stream_version integer,
  p_event_id uuid,
  p_event_type text,
  p_schema_version integer,
  p_recorded_at timestamptz,
  p_data jsonb,
  p_metadata jsonb
) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
  SELECT convert_to(concat_ws(E'\n',
    octet_length(p_stream_id), p_stream_id,
    p_stream_version,
    p_event_id,
    octet_length(p_event_type), p_event_type,
    p_schema_version,
    floor(extract(epoch FROM p_recorded_at) * 1000000)::bigint,
    octet_length(p_data::text), p_data::text,
    octet_length(p_metadata::text), p_metadata::text), 'UTF8');
$$;

ALTER TABLE events ADD COLUMN event_hash bytea;
ALTER TABLE streams ADD COLUMN head_hash bytea;

-- Existing events get their chain here, stream by stream in version order.
DO $$
DECLARE
  r record;
  v_stream text;
  v_prev bytea;
BEGIN
  FOR r IN SELECT * FROM events ORDER BY stream_id, stream_version LOOP
    IF v_stream IS DISTINCT FROM r.stream_id THEN
      v_stream := r.stream_id;
      v_prev := ''::bytea;
    END IF;
    v_prev := sha256(v_prev || stride_event_content(r.stream_id, r.stream_version, r.event_id, r.event_type,
                                                    r.schema_version, r.recorded_at, r.data, r.metadata));
    UPDATE events SET event_hash = v_prev WHERE global_position = r.global_position;
  END LOOP;
END;
$$;
UPDATE streams s SET head_hash = e.event_hash
  FROM events e WHERE e.stream_id = s.stream_id AND e.stream_version = s.version;
ALTER TABLE events ALTER COLUMN event_hash SET NOT NULL;

CREATE TABLE log_checkpoints (
  transaction_id  xid8 NOT NULL,
  global_position bigint NOT NULL,
  -- Events covered from the start of the log (the verifier compares its own count).
  event_count     bigint NOT NULL,
  hash            bytea NOT NULL,
  written_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (transaction_id, global_position)
);

-- Writes the next log checkpoint over at most p_max events after the last one; returns its position, or
-- NULL when there was nothing new or another writer holds the checkpoint lock (it is writing one).
CREATE FUNCTION stride_write_log_checkpoint(p_max integer DEFAULT 100000) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_last record;
  v_next record;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727275) THEN
    RETURN NULL;
  END IF;
  SELECT c.transaction_id, c.global_position, c.event_count, c.hash INTO v_last
    FROM log_checkpoints c ORDER BY c.transaction_id DESC, c.global_position DESC LIMIT 1;
  IF NOT FOUND THEN
    SELECT '0'::xid8 AS transaction_id, 0::bigint AS global_position, 0::bigint AS event_count, ''::bytea AS hash
      INTO v_last;
  END IF;
  SELECT count(*) AS n,
         sha256(v_last.hash || string_agg(e.event_hash, ''::bytea ORDER BY e.transaction_id, e.global_position)) AS hash,
         (array_agg(e.transaction_id ORDER BY e.transaction_id DESC, e.global_position DESC))[1] AS transaction_id,
         (array_agg(e.global_position ORDER BY e.transaction_id DESC, e.global_position DESC))[1] AS global_position
    INTO v_next
    FROM (SELECT ev.transaction_id, ev.global_position, ev.event_hash FROM events ev
           WHERE (ev.transaction_id, ev.global_position) > (v_last.transaction_id, v_last.global_position)
             AND ev.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
           ORDER BY ev.transaction_id, ev.global_position
           LIMIT p_max) e;
  IF v_next.n = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO log_checkpoints (transaction_id, global_position, event_count, hash)
  VALUES (v_next.transaction_id, v_next.global_position, v_last.event_count + v_next.n, v_next.hash)
  ON CONFLICT DO NOTHING;
  RETURN v_next.global_position;
END;
$$;

-- The old one-stream append of 0001 has no caller left and would write events without a hash.
DROP FUNCTION stride_append_to_stream(text, text, text, integer, uuid[], text[], integer[], jsonb[], jsonb[]);

-- As in 0030, plus the chain: each event's hash is computed from the stream's head hash, read under the lock.
CREATE OR REPLACE FUNCTION stride_append_batch(
  p_stream_id text,
  p_stream_type text,
  p_owner_id text,
  p_expected_version integer,
  p_metadata jsonb,
  p_events json,
  OUT outcome text,
  OUT stream_version integer,
  OUT first_position bigint,
  OUT last_position bigint,
  OUT transaction_id xid8
) LANGUAGE plpgsql AS $$
DECLARE
  v_current integer;
  v_head bytea;
  v_inserted integer;
  v_count integer := json_array_length(p_events);
  v_now timestamptz := now();
  v_hashes bytea[] := '{}';
  e record;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_stream_id, 0));

  SELECT s.version, s.head_hash INTO v_current, v_head FROM streams s WHERE s.stream_id = p_stream_id;
  v_current := coalesce(v_current, 0);
  v_head := coalesce(v_head, ''::bytea);
  IF (p_expected_version >= 0 AND v_current <> p_expected_version)
     OR (p_expected_version = -2 AND v_current <> 0)
     OR (p_expected_version = -3 AND v_current = 0) THEN
    SELECT * INTO outcome, stream_version, first_position, last_position, transaction_id
      FROM stride_find_appended(ARRAY(SELECT (x->>'i')::uuid FROM json_array_elements(p_events) AS x));
    IF outcome IS NULL THEN
      outcome := 'conflict';
      stream_version := v_current;
    END IF;
    RETURN;
  END IF;

  FOR e IN SELECT r.i, r.y, r.v, r.n, r.d FROM json_to_recordset(p_events) AS r(i uuid, y text, v integer, n integer, d jsonb)
            ORDER BY r.n LOOP
    v_head := sha256(v_head || stride_event_content(p_stream_id, v_current + e.n, e.i, e.y, e.v, v_now, e.d,
                                                    p_metadata || jsonb_build_object('schemaVersion', e.v)));
    v_hashes := v_hashes || v_head;
  END LOOP;

  WITH inserted AS (
    INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata,
                        recorded_at, event_hash)
    SELECT p_stream_id, v_current + r.n, r.i, r.y, r.v, r.d, p_metadata || jsonb_build_object('schemaVersion', r.v),
           v_now, v_hashes[r.n]
      FROM json_to_recordset(p_events) AS r(i uuid, y text, v integer, n integer, d jsonb)
     ORDER BY r.n
    ON CONFLICT (event_id) DO NOTHING
    RETURNING global_position
  )
  SELECT count(*), min(i.global_position), max(i.global_position)
    INTO v_inserted, first_position, last_position FROM inserted i;

  IF v_inserted = 0 THEN
    SELECT * INTO outcome, stream_version, first_position, last_position, transaction_id
      FROM stride_find_appended(ARRAY(SELECT (x->>'i')::uuid FROM json_array_elements(p_events) AS x));
    RETURN;
  ELSIF v_inserted < v_count THEN
    RAISE EXCEPTION 'Some but not all of these event ids are already stored' USING ERRCODE = 'unique_violation';
  END IF;

  INSERT INTO streams AS s (stream_id, stream_type, version, owner_id, head_hash)
  VALUES (p_stream_id, p_stream_type, v_current + v_count, p_owner_id, v_head)
  ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version, head_hash = excluded.head_hash, updated_at = now();

  IF last_position / 1024 <> (first_position - 1) / 1024 THEN
    PERFORM stride_write_log_checkpoint();
  END IF;

  outcome := 'appended';
  stream_version := v_current + v_count;
  transaction_id := pg_current_xact_id();
END;
$$;
