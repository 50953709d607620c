import { z } from 'zod';
import { stepGranularitySchema, type GeneratedTask } from '@stride/domain/ai/breakdown';
import { draftStepSchema, overloadSchema, plannerSourceSchema } from '@stride/domain/contracts/breakdowns';
import { runCountedGeneration, goalForBreakdown } from '../../ai/breakdown-draft/counted-generation';
import { draftOf, plannerSourceOf } from '../../ai/breakdown-draft/draft-steps';
import { plannerRequestFor } from '../../ai/breakdown-draft/draft-request';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';

export const inputSchema = z.object({
  goalId: z.string(),
  granularity: stepGranularitySchema.default('normal'),
  easiestFirst: z.boolean().default(false),
  variant: z.number().int().min(0).max(1000).default(0),
  availableMinutesPerWeek: z.number().int().min(0).nullish(),
});
export type DraftBreakdownInput = z.infer<typeof inputSchema>;

/** The draft, kept with the Idempotency-Key so a retry shows the same draft and counts nothing more. */
/** The AI model answers before the transaction: a retry looks its Idempotency-Key up first. */
export const beforeTransaction = 'costly';

export const resultSchema = z.object({
  goalId: z.string(),
  steps: z.array(draftStepSchema),
  source: plannerSourceSchema,
  estimateNote: z.string().nullable(),
  overload: overloadSchema.nullable(),
  variant: z.number().int(),
  position: z.number().int().nullable(),
  aiGenerationsThisMonth: z.number().int(),
});
export type DraftBreakdownResult = z.infer<typeof resultSchema>;

export interface DraftListeners {
  /** Each step as the planner gives it (a model streams them). */
  readonly onStep?: (step: GeneratedTask, index: number) => void;
  /** The steps so far are void: the planner starts over. */
  readonly onRestart?: () => void;
}

/**
 * A breakdown draft (issue 14): the planner's steps for the user's choices, NOT saved as tasks. It counts
 * one AI generation (asking for a whole new list is another draft, another generation); reviewing,
 * editing, removing, regenerating one step and saving count nothing (docs/decisions.md).
 */
export async function draftBreakdown(
  services: Services,
  context: CommandContext,
  input: DraftBreakdownInput,
  listeners: DraftListeners = {},
): Promise<DraftBreakdownResult> {
  let estimateNote: string | null = null;
  let availableMinutesPerWeek: number | null = null;
  let targetDate: string | null = null;
  let today = '';
  return runCountedGeneration(services, context, {
    goalId: input.goalId,
    kind: 'draft',
    generate: async (goal, day) => {
      today = day;
      targetDate = goal.targetDate;
      const request = await plannerRequestFor(services, context.userId, goal, input);
      estimateNote = request.estimateNote;
      availableMinutesPerWeek = request.options.availableMinutesPerWeek ?? null;
      return services.ai.provider.generate(goalForBreakdown(goal), {
        today,
        options: request.options,
        ...(listeners.onStep && { onStep: listeners.onStep }),
        ...(listeners.onRestart && { onRestart: listeners.onRestart }),
      });
    },
    result: (counted): DraftBreakdownResult => {
      const { steps, overload } = draftOf(counted.outcome, { today, targetDate, availableMinutesPerWeek });
      return {
        goalId: input.goalId,
        steps,
        source: plannerSourceOf(counted.outcome.metadata),
        // Said only when the user's ratio changed the minutes.
        estimateNote,
        overload,
        variant: input.variant,
        position: counted.position,
        aiGenerationsThisMonth: counted.aiGenerationsThisMonth,
      };
    },
  });
}

export const run = (services: Services, context: CommandContext, input: DraftBreakdownInput) =>
  draftBreakdown(services, context, input);
