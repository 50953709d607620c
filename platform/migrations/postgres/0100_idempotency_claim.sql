-- A command's Idempotency-Key claim as one statement that fails when the key is taken, so that it can travel
-- in the COMMIT's message (issue 10: one round trip fewer for every command the web app sends, since it sends
-- a key with each). Before, the API inserted with ON CONFLICT DO NOTHING and looked at the row count before
-- committing. As before, a concurrent claim of the same key waits for the other transaction (the insert's
-- own wait on the unique key); a key taken raises SQLSTATE SA004, which the API reads as a replay.
CREATE FUNCTION stride_claim_idempotency_key(p_user_id text, p_key text, p_fingerprint text, p_result jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO command_idempotency (user_id, idempotency_key, fingerprint, result)
  VALUES (p_user_id, p_key, p_fingerprint, p_result)
  ON CONFLICT (user_id, idempotency_key) DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Idempotency-Key % is already claimed', p_key USING ERRCODE = 'SA004';
  END IF;
END;
$$;
