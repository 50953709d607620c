-- The append checks for an erased data key only when it encrypted with one (found measuring issue 16's
-- cost bar; 0099's header tells why the check was unguarded).
--
-- 0099 made the check part of the stream-head statement, so that one plan served every call. But that plan
-- (an EXISTS over user_keys joined to the head) costs every append its executor set-up, also every append
-- that encrypted nothing, and every stream stride_append_streams appends (it checks once itself and passes
-- NULL). Single-event appends without personal data, 20,000 at concurrency 16, the backends' CPU per append
-- (two A/B pairs, 2026-11-28, AMD EPYC): 276.5 and 277 us with it, 269 and 264.5 us without; appends that
-- encrypted, which still check: 296 and 311 us before, 301 and 300.5 us after. Here the check is a
-- statement of its own inside `IF p_key_users IS NOT NULL`: PL/pgSQL evaluates that guard itself (a simple
-- expression, no plan), and the check's own statement only ever runs with a list of users, so its plan
-- never folds away. Appends that encrypted run the same check as before, in a statement of its own.
-- The bodies are otherwise 0099's.

CREATE OR REPLACE FUNCTION stride_append_batch(
  p_stream_id text,
  p_stream_type text,
  p_owner_id text,
  p_expected_version integer,
  p_metadata jsonb,
  p_events json,
  p_digests bytea,
  p_key_users text[] DEFAULT NULL,
  p_sealed bytea DEFAULT NULL,
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
  -- Parsed once into jsonb: json_to_recordset parses the text and then each event's data again, which
  -- cost the backend twice the CPU for a batch of 100 (measured on PostgreSQL 15).
  v_events jsonb := p_events::jsonb;
  v_count integer := jsonb_array_length(v_events);
  v_now timestamptz := now();
  v_micros text := floor(extract(epoch FROM v_now) * 1000000)::bigint::text;
  v_hashes bytea[] := '{}';
  v_n integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_stream_id, 0));

  -- The erasure check only for an append that encrypted with a key (see the header), then the head.
  IF p_key_users IS NOT NULL THEN
    IF EXISTS (SELECT 1 FROM user_keys u WHERE u.user_id = ANY(p_key_users) AND u.wrapped_key IS NULL) THEN
      RAISE EXCEPTION 'A data key these events were encrypted with has been erased' USING ERRCODE = 'SA003';
    END IF;
  END IF;
  SELECT s.version, s.head_hash INTO v_current, v_head FROM streams s WHERE s.stream_id = p_stream_id;
  v_current := coalesce(v_current, 0);
  v_head := coalesce(v_head, ''::bytea);
  IF (p_expected_version >= 0 AND v_current <> p_expected_version)
     OR (p_expected_version = -2 AND v_current <> 0)
     OR (p_expected_version = -3 AND v_current = 0) THEN
    SELECT * INTO outcome, stream_version, first_position, last_position, transaction_id
      FROM stride_find_appended(ARRAY(SELECT (x->>'i')::uuid FROM jsonb_array_elements(v_events) AS x));
    IF outcome IS NULL THEN
      outcome := 'conflict';
      stream_version := v_current;
    END IF;
    RETURN;
  END IF;

  -- The chain: only bytea concatenation and one sha256 per event.
  IF octet_length(p_digests) IS DISTINCT FROM 32 * v_count THEN
    RAISE EXCEPTION 'Expected one 32-byte digest per event' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  FOR v_n IN 1 .. v_count LOOP
    v_head := sha256(v_head || substring(p_digests FROM 32 * v_n - 31 FOR 32)
                     || convert_to((v_current + v_n)::text || E'\n' || v_micros, 'UTF8'));
    v_hashes[v_n] := v_head;
  END LOOP;

  WITH inserted AS (
    INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata,
                        recorded_at, event_hash, hash_format, sealed)
    SELECT p_stream_id, v_current + r.n, r.i, r.y, r.v, r.d, p_metadata || jsonb_build_object('schemaVersion', r.v),
           v_now, v_hashes[r.n], 3, CASE WHEN r.l IS NOT NULL THEN substring(p_sealed FROM r.o + 1 FOR r.l) END
      FROM jsonb_to_recordset(v_events) AS r(i uuid, y text, v integer, n integer, d jsonb, o integer, l integer)
     ORDER BY r.n
    ON CONFLICT (event_id) DO NOTHING
    RETURNING global_position
  )
  SELECT count(*), min(i.global_position), max(i.global_position)
    INTO v_inserted, first_position, last_position FROM inserted i;

  IF v_inserted = 0 THEN
    SELECT * INTO outcome, stream_version, first_position, last_position, transaction_id
      FROM stride_find_appended(ARRAY(SELECT (x->>'i')::uuid FROM jsonb_array_elements(v_events) AS x));
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

CREATE OR REPLACE FUNCTION stride_append_streams(p_owner_id text, p_metadata jsonb, p_lock_ids text[], p_streams json,
                                      p_new_keys json DEFAULT NULL, p_key_users text[] DEFAULT NULL,
                                      p_sealed bytea DEFAULT NULL)
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
  IF p_key_users IS NOT NULL THEN
    IF EXISTS (SELECT 1 FROM user_keys k WHERE k.user_id = ANY(p_key_users) AND k.wrapped_key IS NULL) THEN
      RAISE EXCEPTION 'A data key these events were encrypted with has been erased' USING ERRCODE = 'SA003';
    END IF;
  END IF;
  IF p_new_keys IS NOT NULL THEN
    INSERT INTO user_keys (user_id, wrapped_key)
    SELECT k->>'u', decode(k->>'k', 'base64') FROM json_array_elements(p_new_keys) AS k
    ON CONFLICT (user_id) DO NOTHING;
    IF EXISTS (SELECT 1 FROM json_array_elements(p_new_keys) AS k JOIN user_keys u ON u.user_id = k->>'u'
                WHERE u.wrapped_key IS DISTINCT FROM decode(k->>'k', 'base64')) THEN
      RAISE EXCEPTION 'Another writer stored a data key for this user first' USING ERRCODE = 'SA002';
    END IF;
  END IF;
  FOR v_stream IN SELECT value FROM json_array_elements(p_streams) LOOP
    o_stream_id := v_stream->>'s';
    SELECT * INTO r FROM stride_append_batch(o_stream_id, v_stream->>'t', p_owner_id, (v_stream->>'x')::integer,
                                             p_metadata, v_stream->'e', decode(v_stream->>'h', 'hex'), NULL, p_sealed);
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
