/** An own template in the API's shape (templateRowSchema, domain/src/contracts/templates.ts). */
export const TEMPLATE_JSON = `jsonb_build_object(
  'id', gt.id, 'kind', 'own', 'title', gt.title, 'description', gt.description, 'category', gt.category,
  'priority', gt.priority, 'tasks', gt.tasks,
  'created_at', to_char(gt.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
