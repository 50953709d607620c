/**
 * SQL that builds goal rows in the API's shape (goalRowSchema of domain/src/contracts/goals.ts) inside
 * PostgreSQL, so a list is one query with one JSON value. generated_tasks and the counts are kept on the
 * goal row by the projection (live tasks only); collection_ids are the caller's collections holding it.
 */
export const TASK_JSON = (alias: string) => `jsonb_build_object(
  'id', ${alias}.id, 'goal_id', ${alias}.goal_id, 'title', ${alias}.title, 'description', ${alias}.description,
  'estimated_minutes', ${alias}.estimated_minutes, 'actual_minutes', ${alias}.actual_minutes,
  'energy_level', ${alias}.energy_level, 'status', ${alias}.status, 'source', ${alias}.source,
  'created_at', ${alias}.created_at, 'started_at', ${alias}.started_at,
  'completed_at', ${alias}.completed_at, 'deleted_at', ${alias}.deleted_at)`;

export const GOAL_JSON = `jsonb_build_object(
  'id', g.id, 'user_id', g.user_id, 'title', g.title, 'description', g.description,
  'category', g.category, 'priority', g.priority, 'target_date', g.target_date,
  'created_at', g.created_at, 'updated_at', g.updated_at,
  'completed_at', g.completed_at, 'status', g.status,
  'generated_tasks', g.generated_tasks, 'ai_metadata', g.ai_metadata,
  'task_count', g.task_count, 'completed_task_count', g.completed_task_count,
  'collection_ids', coalesce(c.ids, '[]'::jsonb), 'version', g.version)`;

/** FROM clause for GOAL_JSON: the goal `g` (its live tasks are on its row) with its collections `c`. */
export const GOAL_FROM = `goals g
  LEFT JOIN LATERAL (
    SELECT jsonb_agg(co.id ORDER BY co.created_at, co.id) AS ids
      FROM collections co WHERE co.user_id = g.user_id AND co.goal_ids @> jsonb_build_array(g.id)
  ) c ON true`;
