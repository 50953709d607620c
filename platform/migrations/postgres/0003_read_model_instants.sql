-- Read-model timestamps become ISO-8601 UTC text with milliseconds ('2026-03-01T10:00:00.000Z'): exactly
-- the strings the events carry and the API serves. Formatting timestamptz with to_char on every read cost
-- about a third of a goal list query; text in this fixed form still sorts chronologically. The CHECK keeps
-- the form strict. (The event log keeps its timestamptz columns; this is only about derived tables.)

CREATE FUNCTION pg_temp.to_instant_columns(p_table text, p_columns text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_column text;
BEGIN
  FOREACH v_column IN ARRAY p_columns LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN %I TYPE text USING stride_iso(%I)', p_table, v_column, v_column);
    EXECUTE format(
      'ALTER TABLE %I ADD CONSTRAINT %I CHECK (%I ~ ''^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$'')',
      p_table, p_table || '_' || v_column || '_instant', v_column);
  END LOOP;
END;
$$;

SELECT pg_temp.to_instant_columns('users', ARRAY['created_at', 'updated_at']);
SELECT pg_temp.to_instant_columns('user_billing',
  ARRAY['current_period_end', 'payment_failed_at', 'grace_period_ends_at', 'updated_at']);
SELECT pg_temp.to_instant_columns('usage_counters', ARRAY['last_reset_date', 'updated_at']);
SELECT pg_temp.to_instant_columns('goals', ARRAY['created_at', 'updated_at', 'completed_at', 'deleted_at']);
SELECT pg_temp.to_instant_columns('tasks', ARRAY['created_at', 'updated_at', 'started_at', 'completed_at', 'deleted_at']);
SELECT pg_temp.to_instant_columns('collections', ARRAY['created_at', 'updated_at']);
