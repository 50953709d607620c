-- projection "subtasks" (issue 14): one level of sub-steps under a task, kept apart from the tasks table so
-- the shared task read model stays as it is. Ordered within a task by the log position that added them.
CREATE TABLE subtasks (
  goal_id           text NOT NULL,
  id                text NOT NULL,
  task_id           text NOT NULL,
  user_id           text NOT NULL,
  title             text NOT NULL,
  estimated_minutes integer NOT NULL,
  energy_level      text NOT NULL,
  done              boolean NOT NULL,
  added_position    bigint NOT NULL,
  added_index       integer NOT NULL,
  created_at        timestamptz NOT NULL,
  completed_at      timestamptz,
  removed_at        timestamptz,
  PRIMARY KEY (goal_id, id)
);
CREATE INDEX subtasks_goal_task_idx ON subtasks (goal_id, task_id) WHERE removed_at IS NULL;
