-- The goal list is the hot read. Each goal row now carries its live tasks in the API's shape
-- (generated_tasks, insertion order) and their counts, maintained by the goals projection in the same
-- transaction as the tasks rows, so a list is one index scan over goals with no per-task work.
-- The tasks table stays the per-task model (energy view, legacy /db/query, soft-deleted tasks).

ALTER TABLE goals
  ADD COLUMN generated_tasks jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN task_count integer NOT NULL DEFAULT 0,
  ADD COLUMN completed_task_count integer NOT NULL DEFAULT 0;

UPDATE goals g SET
  generated_tasks = coalesce(t.tasks, '[]'::jsonb),
  task_count = coalesce(t.task_count, 0),
  completed_task_count = coalesce(t.completed_task_count, 0)
FROM (
  SELECT goal_id,
         jsonb_agg(jsonb_build_object(
           'id', id, 'goal_id', goal_id, 'title', title, 'description', description,
           'estimated_minutes', estimated_minutes, 'actual_minutes', actual_minutes,
           'energy_level', energy_level, 'status', status, 'source', source,
           'created_at', created_at, 'started_at', started_at, 'completed_at', completed_at,
           'deleted_at', deleted_at) ORDER BY added_position, added_index) AS tasks,
         count(*)::int AS task_count,
         (count(*) FILTER (WHERE status = 'done'))::int AS completed_task_count
    FROM tasks WHERE deleted_at IS NULL GROUP BY goal_id
) t
WHERE t.goal_id = g.id;
