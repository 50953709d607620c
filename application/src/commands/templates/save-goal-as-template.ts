import { z } from 'zod';
import { goalPrioritySchema } from '@stride/domain/goals/goal-events';
import { DomainError } from '@stride/domain/shared/domain-error';
import { getGoal } from '@stride/projections/goals/queries/get-goal';
import { countTemplates } from '@stride/projections/templates/queries/list-templates';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { userScopedId } from '../ids';
import { limitTierOf } from '../usage/usage-snapshot';
import { runOnTemplate, templateResultSchema, type TemplateResult } from './template-stream';

export const inputSchema = z.object({
  /** The caller's key for the new template; its id is scoped to the caller (`userScopedId`), as a goal's. */
  templateId: z.string(),
  goalId: z.string(),
  /** The template's name; the goal's title when absent. */
  title: z.string().optional(),
});
export type SaveGoalAsTemplateInput = z.infer<typeof inputSchema>;

export const resultSchema = templateResultSchema;

/**
 * "Save this goal as a template": the caller's goal (from the goals read model, written in the same
 * transaction as its events) and its live tasks in their order, with their minutes and energy; statuses
 * and dates are not kept (a template is a starting plan). Gated by plan, and capped (OWN_TEMPLATES_MAX) on
 * the count of the caller's templates in the read model, in the decider: two saves at once may both pass
 * the cap by one (no stream counts a user's templates), which the cap, a guard against a library without
 * end, allows.
 */
export async function run(
  services: Services,
  context: CommandContext,
  { templateId: key, goalId, title }: SaveGoalAsTemplateInput,
): Promise<TemplateResult> {
  // Another user's template id names a fresh template of the caller's: no existence oracle (defect 9).
  const templateId = userScopedId(context.userId, key);
  const [goal, tier, ownTemplates] = await Promise.all([
    getGoal(services.pool, context.userId, goalId),
    limitTierOf(services, context.userId),
    countTemplates(services.pool, context.userId),
  ]);
  if (!goal) throw new DomainError('not_found', 'Goal not found', { field: 'goal_id' });
  const tasks = goal.generated_tasks
    .filter((task) => task.deleted_at === null)
    .map((task) => ({
      title: task.title,
      description: task.description,
      estimatedMinutes: task.estimated_minutes,
      energyLevel: task.energy_level,
    }));
  if (tasks.length === 0) {
    throw new DomainError('validation', 'Add at least one task to this goal before saving it as a template', {
      field: 'goal_id',
    });
  }
  return runOnTemplate(services, context, templateId, (metadata) => ({
    type: 'SaveGoalTemplate',
    data: {
      templateId,
      tier,
      title: title ?? goal.title,
      description: goal.description,
      category: goal.category,
      priority: goalPrioritySchema.parse(goal.priority),
      tasks,
      sourceGoalId: goalId,
      ownTemplates,
    },
    metadata,
  }));
}
