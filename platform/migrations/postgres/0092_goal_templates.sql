-- projection "templates" (issue 13, item 5): a user's own goal templates ("save this goal as a template").
-- The built-in library is data in the domain (domain/src/templates/template-library.ts), not rows.
CREATE TABLE goal_templates (
  id             text PRIMARY KEY,
  user_id        text NOT NULL,
  title          text NOT NULL,
  description    text NOT NULL,
  category       text NOT NULL,
  priority       text NOT NULL,
  tasks          jsonb NOT NULL,
  source_goal_id text,
  created_at     timestamptz NOT NULL
);
CREATE INDEX goal_templates_user_idx ON goal_templates (user_id, created_at);
