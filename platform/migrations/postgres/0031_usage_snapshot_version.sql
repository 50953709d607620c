-- Usage limits are decided from the usage_counters row (the usage aggregate's state, kept inline in the
-- transaction of every usage event) instead of folding the user's whole usage stream: one row, whatever the
-- stream's length. The row carries the stream version it reflects, so the append still checks it (exact
-- limits under concurrency). Existing rows take their stream's version; a projection caught up at start-up
-- (take-inline.ts) then sets it from the events it applies.
ALTER TABLE usage_counters ADD COLUMN stream_version integer NOT NULL DEFAULT 0;
UPDATE usage_counters c SET stream_version = s.version FROM streams s WHERE s.stream_id = 'usage-' || c.user_id;
