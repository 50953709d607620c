import { z } from 'zod';
import { goalPrioritySchema } from '@stride/domain/goals/goal-events';
import { DomainError } from '@stride/domain/shared/domain-error';
import { requireTemplates } from '@stride/domain/templates/template-decider';
import { BUILT_IN_TEMPLATE_PREFIX, builtInTemplate } from '@stride/domain/templates/template-library';
import { getTemplate } from '@stride/projections/templates/queries/get-template';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { createGoalWith } from '../goals/create-goal';
import { goalResultSchema, type GoalResult } from '../goals/goal-result';
import { newId } from '../ids';

export const inputSchema = z.object({
  templateId: z.string(),
  goalId: z.string(),
  /** The goal's title; the template's when absent. */
  title: z.string().optional(),
  targetDate: z.string().nullable(),
});
export type CreateGoalFromTemplateInput = z.infer<typeof inputSchema>;

export const resultSchema = goalResultSchema;

const templateNotFound = () => new DomainError('not_found', 'Template not found', { field: 'templateId' });

/** A built-in template, or one of the caller's own (from the templates read model), as goal and tasks. */
async function templateContent(services: Services, userId: string, templateId: string) {
  if (templateId.startsWith(BUILT_IN_TEMPLATE_PREFIX)) {
    const template = builtInTemplate(templateId);
    if (!template) throw templateNotFound();
    return { ...template, tasks: template.tasks.map((task) => ({ ...task, description: null })) };
  }
  const own = await getTemplate(services.pool, userId, templateId);
  if (!own) throw templateNotFound();
  return {
    ...own,
    priority: goalPrioritySchema.parse(own.priority),
    tasks: own.tasks.map((task) => ({
      title: task.title,
      description: task.description,
      estimatedMinutes: task.estimated_minutes,
      energyLevel: task.energy_level,
    })),
  };
}

/**
 * A goal with the template's tasks in one append, through the one goal creation path (create-goal.ts): it
 * counts as a goal created, against the same monthly limit. The plan gate (templates: Starter and up) is
 * decided on the same effective tier as the limit.
 */
export async function run(
  services: Services,
  context: CommandContext,
  { templateId, goalId, title, targetDate }: CreateGoalFromTemplateInput,
): Promise<GoalResult> {
  const template = await templateContent(services, context.userId, templateId);
  return createGoalWith(
    services,
    context,
    {
      goalId,
      title: title ?? template.title,
      description: template.description,
      category: template.category,
      priority: template.priority,
      targetDate,
    },
    (metadata, tier) => {
      requireTemplates(tier);
      return [
        {
          type: 'GenerateTasksBatch',
          data: {
            batchId: newId(),
            source: 'template',
            tasks: template.tasks.map((task) => ({ taskId: newId(), ...task })),
          },
          metadata,
        },
      ];
    },
  );
}
