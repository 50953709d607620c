import type { Queryable } from '@stride/platform/postgres/pool';

/** The goal holding one of the user's tasks (for callers that name a task without its goal). */
export async function findTaskGoal(db: Queryable, userId: string, taskId: string): Promise<string | null> {
  const { rows } = await db.query<{ goal_id: string }>(
    `SELECT tk.goal_id FROM tasks tk JOIN goals g ON g.id = tk.goal_id
      WHERE tk.id = $1 AND tk.user_id = $2 AND g.deleted_at IS NULL
      ORDER BY tk.added_position LIMIT 1`,
    [taskId, userId],
  );
  return rows[0]?.goal_id ?? null;
}
