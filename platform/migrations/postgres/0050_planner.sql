-- projection "planner": the planning side of a goal's tasks (do and due dates, the recurring series and
-- the occurrence each task is of), the series themselves, and every time entry logged on a task.
-- Instants are ISO-8601 UTC text with milliseconds, as in every read model (migration 0003).
-- The tasks themselves stay in the goals projection's `tasks`; these tables join it on (goal_id, task_id).

CREATE TABLE task_plans (
  goal_id         text NOT NULL,
  task_id         text NOT NULL,
  user_id         text NOT NULL,
  do_date         date,
  due_date        date,
  series_id       text,
  occurrence_date date,
  updated_at      text NOT NULL CHECK (updated_at ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$'),
  PRIMARY KEY (goal_id, task_id)
);
CREATE INDEX task_plans_user_do_date_idx ON task_plans (user_id, do_date);

CREATE TABLE task_series (
  goal_id    text NOT NULL,
  series_id  text NOT NULL,
  user_id    text NOT NULL,
  recurrence jsonb NOT NULL,
  template   jsonb NOT NULL,
  ended      boolean NOT NULL,
  updated_at text NOT NULL CHECK (updated_at ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$'),
  PRIMARY KEY (goal_id, series_id)
);
-- The recurrence job walks the series that still run.
CREATE INDEX task_series_running_idx ON task_series (user_id) WHERE NOT ended;

-- One row per time entry: logged on its own (via 'log') or given when completing (via 'completion').
-- entry_id is the log position of the event that logged it.
CREATE TABLE task_time_entries (
  goal_id   text NOT NULL,
  task_id   text NOT NULL,
  entry_id  text NOT NULL,
  user_id   text NOT NULL,
  minutes   integer NOT NULL,
  via       text NOT NULL,
  logged_at text NOT NULL CHECK (logged_at ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$'),
  PRIMARY KEY (goal_id, task_id, entry_id)
);
CREATE INDEX task_time_entries_user_idx ON task_time_entries (user_id, logged_at);
