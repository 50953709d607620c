-- Each user's IANA time zone (UserTimeZoneChanged); users who never reported one count in UTC.
ALTER TABLE users ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
