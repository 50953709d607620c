import type { GoalRow } from '@stride/domain/contracts/goals';
import type { Queryable } from '@stride/platform/postgres/pool';
import { GOAL_FROM, GOAL_JSON } from './goal-json';

export interface ListGoalsFilter {
  readonly userId: string;
  readonly status?: 'active' | 'completed' | 'abandoned';
}

export interface QueryOptions {
  /**
   * Run as a named prepared statement (planned once per connection). Only on a PostgreSQL server: the
   * embedded PGlite serves every connection from one session, where statement names would collide.
   */
  readonly prepare?: boolean;
}

const listGoalsSql = (as: 'json' | 'text') =>
  `SELECT coalesce(jsonb_agg(${GOAL_JSON} ORDER BY g.created_at DESC, g.id), '[]'::jsonb)${as === 'text' ? '::text' : ''} AS goals
     FROM ${GOAL_FROM}
    WHERE g.user_id = $1 AND g.deleted_at IS NULL AND ($2::text IS NULL OR g.status = $2)`;
const LIST_AS_TEXT = listGoalsSql('text');
const LIST_AS_JSON = listGoalsSql('json');

/**
 * The user's goals (not deleted), newest first, with their tasks, counts and collections, as the JSON
 * text of the API's list (goalRowSchema[]): one query, serialized by PostgreSQL, sent as is.
 */
export async function listGoalsJson(
  db: Queryable,
  { userId, status }: ListGoalsFilter,
  options: QueryOptions = {},
): Promise<string> {
  const { rows } = await db.query<{ goals: string }>({
    ...(options.prepare && { name: 'stride_list_goals' }),
    text: LIST_AS_TEXT,
    values: [userId, status ?? null],
  });
  return rows[0]?.goals ?? '[]';
}

/** The same list as objects. */
export async function listGoals(db: Queryable, { userId, status }: ListGoalsFilter): Promise<GoalRow[]> {
  const { rows } = await db.query<{ goals: GoalRow[] }>(LIST_AS_JSON, [userId, status ?? null]);
  return rows[0]?.goals ?? [];
}
