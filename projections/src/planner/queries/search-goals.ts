import type { Queryable } from '@stride/platform/postgres/pool';
import { containsPattern } from './search-tasks';

export interface GoalHit {
  readonly id: string;
  readonly title: string;
  readonly status: string;
}

/** The user's live goals whose title or description holds `text` (all of them without text), newest first. */
export async function searchGoals(db: Queryable, userId: string, text: string | undefined): Promise<GoalHit[]> {
  const { rows } = await db.query<GoalHit>(
    `SELECT id, title, status FROM goals
      WHERE user_id = $1 AND deleted_at IS NULL
        AND ($2::text IS NULL OR title ILIKE $2 OR description ILIKE $2)
      ORDER BY created_at DESC LIMIT 50`,
    [userId, text ? containsPattern(text) : null],
  );
  return rows;
}
