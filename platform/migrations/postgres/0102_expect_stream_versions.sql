-- Read-set validation (issue 10): a command may decide on values this process kept from an earlier command
-- instead of reading them again (the user's time zone and plan tier for a usage limit), provided the streams
-- they came from are still at the versions they were read at. The check travels in the append's message;
-- SQLSTATE SA005 says a stream has moved on, and the command decides again on fresh reads. A stream that does
-- not exist is at version 0. It takes no lock: like a read made before the transaction, it orders the command
-- before any change to those streams that commits after the check.
CREATE FUNCTION stride_expect_stream_versions(p_stream_ids text[], p_versions integer[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM unnest(p_stream_ids, p_versions) AS r(stream_id, version)
               LEFT JOIN streams s ON s.stream_id = r.stream_id
              WHERE coalesce(s.version, 0) <> r.version) THEN
    RAISE EXCEPTION 'A stream this decision read has changed since it was read' USING ERRCODE = 'SA005';
  END IF;
END;
$$;
