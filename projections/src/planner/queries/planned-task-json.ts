import { TASK_JSON, TASK_ORDER } from '../../goals/queries/goal-json';

/**
 * A task (alias `tk`) with its plan (alias `p`, LEFT JOINed) and its goal (alias `g`) as the API serves
 * it (plannedTaskSchema of domain/src/contracts/planner.ts).
 */
export const PLANNED_TASK_JSON = `${TASK_JSON('tk')} || jsonb_build_object(
  'goal_title', g.title,
  'do_date', to_char(p.do_date, 'YYYY-MM-DD'),
  'due_date', to_char(p.due_date, 'YYYY-MM-DD'),
  'series_id', p.series_id,
  'occurrence_date', to_char(p.occurrence_date, 'YYYY-MM-DD'))`;

/** The caller's live tasks of live goals, with their plans: FROM clause for PLANNED_TASK_JSON. */
export const PLANNED_TASK_FROM = `tasks tk
  JOIN goals g ON g.id = tk.goal_id AND g.deleted_at IS NULL
  LEFT JOIN task_plans p ON p.goal_id = tk.goal_id AND p.task_id = tk.id`;

/** Goal order, then the order tasks were added: the order every planner list starts from. */
export const PLANNED_TASK_ORDER = `g.created_at, ${TASK_ORDER('tk')}`;
