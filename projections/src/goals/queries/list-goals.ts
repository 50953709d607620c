import type { GoalRow } from '@stride/domain/contracts/goals';
import { preparedQuery, type Queryable } from '@stride/platform/postgres/pool';
import { GOAL_FROM, GOAL_JSON } from './goal-json';

export interface ListGoalsFilter {
  readonly userId: string;
  readonly status?: 'active' | 'completed' | 'abandoned';
}

const listGoalsSql = (as: 'json' | 'text') =>
  `SELECT coalesce(jsonb_agg(${GOAL_JSON} ORDER BY g.created_at DESC, g.id), '[]'::jsonb)${as === 'text' ? '::text' : ''} AS goals
     FROM ${GOAL_FROM}
    WHERE g.user_id = $1 AND g.deleted_at IS NULL AND ($2::text IS NULL OR g.status = $2)`;
const LIST_AS_TEXT = listGoalsSql('text');
const LIST_AS_JSON = listGoalsSql('json');

/**
 * The user's goals (not deleted), newest first, with their tasks, counts and collections, as the JSON
 * text of the API's list (goalRowSchema[]): one prepared query, serialized by PostgreSQL, sent as is.
 */
export async function listGoalsJson(db: Queryable, { userId, status }: ListGoalsFilter): Promise<string> {
  const { rows } = await preparedQuery<{ goals: string }>(db, LIST_AS_TEXT, [userId, status ?? null]);
  return rows[0]?.goals ?? '[]';
}

/** The same list as objects. */
export async function listGoals(db: Queryable, { userId, status }: ListGoalsFilter): Promise<GoalRow[]> {
  const { rows } = await db.query<{ goals: GoalRow[] }>(LIST_AS_JSON, [userId, status ?? null]);
  return rows[0]?.goals ?? [];
}
