import type { TemplateRow } from '@stride/domain/contracts/templates';
import type { Queryable } from '@stride/platform/postgres/pool';
import { TEMPLATE_JSON } from './template-json';

/** One of the user's own templates (null when missing, deleted or someone else's). */
export async function getTemplate(db: Queryable, userId: string, templateId: string): Promise<TemplateRow | null> {
  const { rows } = await db.query<{ template: TemplateRow }>(
    `SELECT ${TEMPLATE_JSON} AS template FROM goal_templates gt WHERE gt.id = $1 AND gt.user_id = $2`,
    [templateId, userId],
  );
  return rows[0]?.template ?? null;
}
