import { z } from 'zod';
import { stepGranularitySchema } from '@stride/domain/ai/breakdown';
import { draftStepSchema, type DraftStep, type PlannerSource } from '@stride/domain/contracts/breakdowns';
import { DomainError } from '@stride/domain/shared/domain-error';
import { loadUsage } from '../../commands/usage/usage-snapshot';
import type { Services } from '../../services';
import { similarTitles } from '../embedded-planner/plan-breakdown';
import { goalForBreakdown, loadOwnedGoal } from './counted-generation';
import { plannerRequestFor } from './draft-request';
import { draftStepOf, plannerSourceOf } from './draft-steps';

export const regenerateStepInputSchema = z.object({
  goalId: z.string(),
  granularity: stepGranularitySchema.default('normal'),
  easiestFirst: z.boolean().default(false),
  variant: z.number().int().min(0).max(1000).default(0),
  steps: z.array(draftStepSchema).min(1),
  index: z.number().int().min(0),
});
export type RegenerateStepInput = z.infer<typeof regenerateStepInputSchema>;

/** Other plans tried before saying there is nothing else to suggest. */
const TRIES = 4;

/**
 * One other step in place of step `index` of a draft. Free: it stores nothing and counts no AI generation
 * (docs/decisions.md), so it is not a command. The planner is asked for another variant of the plan that
 * avoids every step of the draft and the goal's tasks; the step at the same place (the same phase of the
 * plan) is taken, keeping the old one's do-date.
 */
export async function regenerateStep(
  services: Services,
  userId: string,
  input: RegenerateStepInput,
): Promise<{ step: DraftStep; source: PlannerSource; aiGenerationsThisMonth: number }> {
  const replaced = input.steps[input.index];
  if (!replaced) throw new DomainError('validation', 'No step at this index', { field: 'index' });
  const goal = await loadOwnedGoal(services, userId, input.goalId);
  const today = services.clock().toISOString().slice(0, 10);
  const draftTitles = input.steps.map((step) => step.title);
  for (let attempt = 1; attempt <= TRIES; attempt += 1) {
    const request = await plannerRequestFor(services, userId, goal, {
      ...input,
      variant: input.variant + attempt,
      avoidTitles: draftTitles,
    });
    const outcome = await services.ai.provider.generate(goalForBreakdown(goal), { today, options: request.options });
    const fresh = outcome.result.tasks.filter((task) => !draftTitles.some((title) => similarTitles(title, task.title)));
    const task = fresh[Math.min(input.index, fresh.length - 1)];
    if (task) {
      const { aiGenerationsThisMonth } = await loadUsage(services, userId);
      return {
        step: draftStepOf(task, replaced.suggested_date ?? null),
        source: plannerSourceOf(outcome.metadata),
        aiGenerationsThisMonth,
      };
    }
  }
  throw new DomainError('illegal_state', 'The planner has no other step to suggest here; edit this one instead', {
    field: 'index',
  });
}
