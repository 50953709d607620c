import { goalRowSchema, taskRowSchema } from '@stride/domain/contracts/goals';

/**
 * SQL that builds goal and task rows in the API's shape inside PostgreSQL, so a list is one query with one
 * JSON value. The JSON keys are generated from the contract's schemas (goalRowSchema and taskRowSchema of
 * domain/src/contracts/goals.ts), so the SQL cannot leave a field out; each key reads the column of the same
 * name, which the table must have (GoalRecord and TaskRecord in goals-tables.ts are built from the same
 * schemas, so a contract field without a column does not compile), but for what is joined in:
 * generated_tasks and the counts are the goal's live tasks (from `tasks`, in the goal's order), and
 * collection_ids the caller's collections holding it.
 */
const jsonObject = (fields: Readonly<Record<string, string>>): string =>
  `jsonb_build_object(${Object.entries(fields)
    .map(([key, sql]) => `'${key}', ${sql}`)
    .join(', ')})`;

/** Each key read from the column of the same name of the table aliased `alias`, but where `joined` says. */
const columnsOf = (
  alias: string,
  keys: readonly string[],
  joined: Readonly<Record<string, string>> = {},
): Record<string, string> => Object.fromEntries(keys.map((key) => [key, joined[key] ?? `${alias}.${key}`]));

/** The keys of a task as the API serves it, in the contract's order. */
export const TASK_JSON_KEYS = taskRowSchema.keyof().options;
/** The keys of a goal as the API serves it, in the contract's order. */
export const GOAL_JSON_KEYS = goalRowSchema.keyof().options;

/** A task of the table aliased `alias` as the API serves it (taskRowSchema). */
export const TASK_JSON = (alias: string): string => jsonObject(columnsOf(alias, TASK_JSON_KEYS));

/** The order of a goal's tasks (the aggregate's): as ranked by the last reorder, then as added. */
export const TASK_ORDER = (alias: string): string =>
  `${alias}.rank_in_goal NULLS LAST, ${alias}.added_position, ${alias}.added_index`;

/** The goal `g` as the API serves it (goalRowSchema); FROM goalFrom(...). */
export const GOAL_JSON = jsonObject(
  columnsOf('g', GOAL_JSON_KEYS, {
    collection_ids: `coalesce(c.ids, '[]'::jsonb)`,
    generated_tasks: `coalesce(gt.tasks, '[]'::jsonb)`,
    task_count: 'gt.live',
    completed_task_count: 'gt.done',
  }),
);

/**
 * FROM clause for GOAL_JSON: the goal `g` with its live tasks `gt` (JSON in the goal's order, and counts)
 * and its collections `c`; the goals are those of `source`, a relation of goal rows (the goals table, or the
 * rows a write returned), their tasks those of `tasks`, a relation of task rows.
 */
export const goalFrom = (source: string, tasks = 'tasks'): string => `${source} g
  LEFT JOIN LATERAL (
    SELECT jsonb_agg(${TASK_JSON('t')} ORDER BY ${TASK_ORDER('t')}) AS tasks,
           count(*)::int AS live, (count(*) FILTER (WHERE t.status = 'done'))::int AS done
      FROM ${tasks} t WHERE t.goal_id = g.id AND t.deleted_at IS NULL
  ) gt ON true
  LEFT JOIN LATERAL (
    SELECT jsonb_agg(co.id ORDER BY co.created_at, co.id) AS ids
      FROM collections co WHERE co.user_id = g.user_id AND co.goal_ids @> jsonb_build_array(g.id)
  ) c ON true`;

/** FROM clause for GOAL_JSON over the goals table. */
export const GOAL_FROM = goalFrom('goals');
