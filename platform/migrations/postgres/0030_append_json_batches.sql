-- Fast appends: a batch travels as one json parameter instead of five pg array literals (whose jsonb
-- elements are quoted and escaped twice, on the client and again on the server), and one call appends to
-- every stream of a command, taking the streams' locks itself: one round trip per command's append.
-- The guarantees of 0001 hold unchanged: the advisory locks are taken before the transaction's first
-- write (so its xid8 is assigned only once every stream is held and gap-safe readers keep each stream in
-- version order), the expected version is checked before a row is inserted (losers burn no positions),
-- and a retried batch is recognised by its event ids ('duplicate'). stride_append_to_stream stays for
-- any caller of the old signature.

-- Appends one batch to one stream. p_events: [{"i": event id, "y": type, "v": schema version,
-- "n": 1-based index, "d": data}]. Each event's metadata is p_metadata plus its schemaVersion.
CREATE FUNCTION stride_append_batch(
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
  v_inserted integer;
  v_count integer := json_array_length(p_events);
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_stream_id, 0));

  SELECT s.version INTO v_current FROM streams s WHERE s.stream_id = p_stream_id;
  v_current := coalesce(v_current, 0);
  IF (p_expected_version >= 0 AND v_current <> p_expected_version)
     OR (p_expected_version = -2 AND v_current <> 0)
     OR (p_expected_version = -3 AND v_current = 0) THEN
    SELECT * INTO outcome, stream_version, first_position, last_position, transaction_id
      FROM stride_find_appended(ARRAY(SELECT (e->>'i')::uuid FROM json_array_elements(p_events) AS e));
    IF outcome IS NULL THEN
      outcome := 'conflict';
      stream_version := v_current;
    END IF;
    RETURN;
  END IF;

  WITH inserted AS (
    INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
    SELECT p_stream_id, v_current + e.n, e.i, e.y, e.v, e.d, p_metadata || jsonb_build_object('schemaVersion', e.v)
      FROM json_to_recordset(p_events) AS e(i uuid, y text, v integer, n integer, d jsonb)
     ORDER BY e.n
    ON CONFLICT (event_id) DO NOTHING
    RETURNING global_position
  )
  SELECT count(*), min(i.global_position), max(i.global_position)
    INTO v_inserted, first_position, last_position FROM inserted i;

  IF v_inserted = 0 THEN
    SELECT * INTO outcome, stream_version, first_position, last_position, transaction_id
      FROM stride_find_appended(ARRAY(SELECT (e->>'i')::uuid FROM json_array_elements(p_events) AS e));
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

-- Appends to several streams in one call, in the given order; one row per stream attempted. It stops at
-- the first conflict (its row is the last one): the caller then rolls its transaction back.
--   p_lock_ids: the streams' ids in the caller's lock order (sorted), locked here first; this must then be
--     the transaction's first write (else SQLSTATE SA001). NULL when the caller holds the locks already.
--   p_streams: [{"s": stream id, "t": stream type, "x": expected version (as above), "e": events}]
CREATE FUNCTION stride_append_streams(p_owner_id text, p_metadata jsonb, p_lock_ids text[], p_streams json)
RETURNS TABLE (o_stream_id text, o_outcome text, o_stream_version integer, o_first_position bigint,
               o_last_position bigint, o_transaction_id xid8)
LANGUAGE plpgsql AS $$
DECLARE
  v_id text;
  v_stream json;
  r record;
BEGIN
  IF p_lock_ids IS NOT NULL THEN
    IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
      RAISE EXCEPTION 'Append events before any other write of the transaction' USING ERRCODE = 'SA001';
    END IF;
    FOREACH v_id IN ARRAY p_lock_ids LOOP
      PERFORM pg_advisory_xact_lock(hashtextextended(v_id, 0));
    END LOOP;
  END IF;
  FOR v_stream IN SELECT value FROM json_array_elements(p_streams) LOOP
    o_stream_id := v_stream->>'s';
    SELECT * INTO r FROM stride_append_batch(o_stream_id, v_stream->>'t', p_owner_id, (v_stream->>'x')::integer,
                                             p_metadata, v_stream->'e');
    o_outcome := r.outcome;
    o_stream_version := r.stream_version;
    o_first_position := r.first_position;
    o_last_position := r.last_position;
    o_transaction_id := r.transaction_id;
    RETURN NEXT;
    EXIT WHEN r.outcome = 'conflict';
  END LOOP;
END;
$$;
