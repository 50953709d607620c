-- NOTIFY sent in the COMMIT's own message, just after the commit, in a transaction of its own
-- (projections/src/core/change-notifications.ts): inside the command's transaction it would serialise every
-- committing transaction (PostgreSQL holds one notify-queue lock through the commit's flush), and as its own
-- statement it would cost a round trip. Sent after the COMMIT, its failure (a payload too long, a full
-- queue) must not make a committed command look failed: it only warns.
CREATE FUNCTION stride_notify_quietly(channel text, payloads text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  FOREACH payload IN ARRAY payloads LOOP
    PERFORM pg_notify(channel, payload);
  END LOOP;
EXCEPTION WHEN OTHERS THEN
  RAISE WARNING 'notification on % not sent: %', channel, SQLERRM;
END
$$;
