import { goalRowSchema, taskRowSchema } from '@stride/domain/contracts/goals';

/**
 * SQL that builds goal and task rows in the API's shape inside PostgreSQL, so a list is one query with one
 * JSON value. The JSON keys are generated from the contract's schemas (goalRowSchema and taskRowSchema of
 * domain/src/contracts/goals.ts), so the SQL cannot leave a field out; each key reads the column of the same
 * name, which the table must have (GoalRecord and TaskRecord in goals-tables.ts are built from the same
 * schemas, so a contract field without a column does not compile). generated_tasks and the counts are kept on
 * the goal row by the projection (live tasks only); collection_ids are the caller's collections holding it.
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

/** The goal `g` as the API serves it (goalRowSchema); FROM GOAL_FROM. */
export const GOAL_JSON = jsonObject(columnsOf('g', GOAL_JSON_KEYS, { collection_ids: `coalesce(c.ids, '[]'::jsonb)` }));

/**
 * FROM clause for GOAL_JSON: the goal `g` (its live tasks are on its row) with its collections `c`; the
 * goals are those of `source`, a relation of goal rows (the goals table, or the rows a write returned).
 */
export const goalFrom = (source: string): string => `${source} g
  LEFT JOIN LATERAL (
    SELECT jsonb_agg(co.id ORDER BY co.created_at, co.id) AS ids
      FROM collections co WHERE co.user_id = g.user_id AND co.goal_ids @> jsonb_build_array(g.id)
  ) c ON true`;

/** FROM clause for GOAL_JSON over the goals table. */
export const GOAL_FROM = goalFrom('goals');
