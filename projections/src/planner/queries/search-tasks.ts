import type { PlannedTaskRow, SearchQuery } from '@stride/domain/contracts/planner';
import type { Queryable } from '@stride/platform/postgres/pool';
import { PLANNED_TASK_FROM, PLANNED_TASK_JSON, PLANNED_TASK_ORDER } from './planned-task-json';

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const SEARCH_LIMIT = 200;

/**
 * The user's live tasks matching every filter given: text (title or description), goal, energy, status,
 * and a do-date range (from/to inclusive; a range leaves out unplanned tasks). At most 200, in goal order.
 */
export async function searchTasks(db: Queryable, userId: string, query: SearchQuery): Promise<PlannedTaskRow[]> {
  const { rows } = await db.query<{ task: PlannedTaskRow }>(
    `SELECT ${PLANNED_TASK_JSON} AS task
       FROM ${PLANNED_TASK_FROM}
      WHERE tk.user_id = $1 AND tk.deleted_at IS NULL
        AND ($2::text IS NULL OR tk.title ILIKE $2 OR tk.description ILIKE $2)
        AND ($3::text IS NULL OR tk.goal_id = $3)
        AND ($4::text IS NULL OR tk.energy_level = $4)
        AND ($5::text IS NULL OR tk.status = $5)
        AND ($6::date IS NULL OR p.do_date >= $6)
        AND ($7::date IS NULL OR p.do_date <= $7)
      ORDER BY ${PLANNED_TASK_ORDER}
      LIMIT ${SEARCH_LIMIT}`,
    [
      userId,
      query.q ? containsPattern(query.q) : null,
      query.goal_id ?? null,
      query.energy ?? null,
      query.status ?? null,
      query.from ?? null,
      query.to ?? null,
    ],
  );
  return rows.map((row) => row.task);
}
