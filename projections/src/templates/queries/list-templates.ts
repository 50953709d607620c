import type { TemplateRow } from '@stride/domain/contracts/templates';
import type { Queryable } from '@stride/platform/postgres/pool';
import { TEMPLATE_JSON } from './template-json';

/** The user's own templates, oldest first. */
export async function listTemplates(db: Queryable, userId: string): Promise<TemplateRow[]> {
  const { rows } = await db.query<{ template: TemplateRow }>(
    `SELECT ${TEMPLATE_JSON} AS template FROM goal_templates gt WHERE gt.user_id = $1 ORDER BY gt.created_at, gt.id`,
    [userId],
  );
  return rows.map((row) => row.template);
}

/** How many templates of their own the user keeps (the template decider's `ownTemplates`). */
export async function countTemplates(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM goal_templates WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.count ?? 0;
}
