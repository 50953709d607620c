-- projection "calendar": each user's private iCalendar feed token, by its SHA-256 (the feed URL carries
-- the token; only its hash is stored, here and in the log). A revoked feed has no row.
CREATE TABLE calendar_feeds (
  user_id    text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  issued_at  text NOT NULL CHECK (issued_at ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$')
);
