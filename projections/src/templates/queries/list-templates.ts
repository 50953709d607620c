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
