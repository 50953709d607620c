-- Read models of the core projections (projections/src/*). Every row here is derived from the event log
-- and can be rebuilt from it (`npm run projections:rebuild`); nothing else may write these tables.
-- Each projection writes its rows and its checkpoint (subscription_checkpoints) in one transaction.
--
-- Timestamps are timestamptz; the projections read them back through stride_iso so that a row read from
-- a table equals the row a replay builds in memory (`npm run audit:verify`).

CREATE FUNCTION stride_iso(ts timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

-- projection "users": user streams (profile, preferences, onboarding) ...
CREATE TABLE users (
  id                   text PRIMARY KEY,
  email                text NOT NULL,
  name                 text NOT NULL,
  preferences          jsonb NOT NULL,
  onboarding_completed boolean NOT NULL,
  attribution          jsonb,
  created_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL
);
CREATE INDEX users_email_idx ON users (lower(email));

-- ... and billing streams (subscription tier and status, payment failures).
CREATE TABLE user_billing (
  user_id              text PRIMARY KEY,
  tier                 text NOT NULL,
  status               text NOT NULL,
  subscription_id      text,
  customer_id          text,
  current_period_end   timestamptz,
  payment_failed_at    timestamptz,
  grace_period_ends_at timestamptz,
  updated_at           timestamptz NOT NULL
);
CREATE INDEX user_billing_customer_idx ON user_billing (customer_id);

-- projection "usage": the monthly counters of usage streams.
CREATE TABLE usage_counters (
  user_id                   text PRIMARY KEY,
  current_month             text NOT NULL,
  goals_this_month          integer NOT NULL,
  ai_generations_this_month integer NOT NULL,
  last_reset_date           timestamptz,
  updated_at                timestamptz NOT NULL
);

-- projection "goals": goal streams (goals and their tasks).
CREATE TABLE goals (
  id           text PRIMARY KEY,
  user_id      text NOT NULL,
  title        text NOT NULL,
  description  text NOT NULL,
  category     text NOT NULL,
  priority     text NOT NULL,
  target_date  date,
  status       text NOT NULL,
  ai_metadata  jsonb,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  completed_at timestamptz,
  deleted_at   timestamptz,
  version      integer NOT NULL
);
CREATE INDEX goals_user_created_idx ON goals (user_id, created_at DESC) WHERE deleted_at IS NULL;

CREATE TABLE tasks (
  goal_id           text NOT NULL,
  id                text NOT NULL,
  user_id           text NOT NULL,
  title             text NOT NULL,
  description       text,
  estimated_minutes integer NOT NULL,
  actual_minutes    integer,
  energy_level      text NOT NULL,
  status            text NOT NULL,
  source            text NOT NULL,
  -- Order within the goal: the log position of the event that added the task, then its index in it.
  added_position    bigint NOT NULL,
  added_index       integer NOT NULL,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL,
  started_at        timestamptz,
  completed_at      timestamptz,
  deleted_at        timestamptz,
  PRIMARY KEY (goal_id, id)
);
CREATE INDEX tasks_user_open_idx ON tasks (user_id) WHERE deleted_at IS NULL AND status <> 'done';

-- projection "collections": collection streams.
CREATE TABLE collections (
  id          text PRIMARY KEY,
  user_id     text NOT NULL,
  name        text NOT NULL,
  description text,
  color       text,
  goal_ids    jsonb NOT NULL,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX collections_user_idx ON collections (user_id, created_at);
CREATE INDEX collections_goal_ids_idx ON collections USING gin (goal_ids jsonb_path_ops);

-- Idempotency-Key: the outcome of a command, written in the transaction that appended its events, and
-- the response that was sent for it. A retry with the same key from the same user gets that response.
CREATE TABLE command_idempotency (
  user_id         text NOT NULL,
  idempotency_key text NOT NULL,
  fingerprint     text NOT NULL,
  result          jsonb NOT NULL,
  status_code     integer,
  response        jsonb,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, idempotency_key)
);
CREATE INDEX command_idempotency_created_idx ON command_idempotency (created_at);
