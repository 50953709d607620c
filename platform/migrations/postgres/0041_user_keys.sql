-- Crypto-shredding: one data key per user (AES-256), stored wrapped (AES-256-GCM) by the master key from the
-- configuration. Personal fields of events are encrypted with the key of the user they are about
-- (platform/src/crypto/). Erasing a user clears the key and keeps the row, so nothing ever writes with a
-- new key for them again; their ciphertext in the log then reads as "[erased]". The hash chains cover the
-- ciphertext, so they still verify.
CREATE TABLE user_keys (
  user_id     text PRIMARY KEY,
  wrapped_key bytea,
  created_at  timestamptz NOT NULL DEFAULT now(),
  erased_at   timestamptz,
  CONSTRAINT user_keys_erased_has_no_key CHECK ((wrapped_key IS NULL) = (erased_at IS NOT NULL))
);

-- As in 0030, plus p_new_keys: the data keys this append created ([{"u": user id, "k": base64 wrapped key}]),
-- stored once the streams are locked (a write must not come before the locks). A key another writer stored
-- first raises SA002: the events were encrypted with a key that lost, and the caller retries.
DROP FUNCTION stride_append_streams(text, jsonb, text[], json);
CREATE FUNCTION stride_append_streams(p_owner_id text, p_metadata jsonb, p_lock_ids text[], p_streams json,
                                      p_new_keys json DEFAULT NULL)
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
