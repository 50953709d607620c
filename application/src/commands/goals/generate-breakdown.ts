import { z } from 'zod';
import { goalForBreakdown, runCountedGeneration } from '../../ai/breakdown-draft/counted-generation';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { newId } from '../ids';

export const inputSchema = z.object({ goalId: z.string() });
export type GenerateBreakdownInput = z.infer<typeof inputSchema>;

/** What the command keeps (and an Idempotency-Key retry replays from). */
/** The AI model answers before the transaction: a retry looks its Idempotency-Key up first. */
export const beforeTransaction = 'costly';

export const resultSchema = z.object({
  goalId: z.string(),
  taskIds: z.array(z.string()),
  position: z.number().int().nullable(),
  aiMetadata: z.record(z.string(), z.unknown()),
  aiGenerationsThisMonth: z.number().int(),
});
export type GenerateBreakdownResult = z.infer<typeof resultSchema>;

/**
 * POST /api/goals/:goalId/breakdown: the one-click breakdown, saved at once (the web app reviews a draft
 * first: draft-breakdown.ts). The generation runs outside any transaction; then one atomic append puts the
 * tasks on the goal's stream and counts the generation on the usage stream (counted-generation.ts), so at
 * the monthly limit exactly the allowed number succeed. A generation that fails, or whose batch the goal
 * ignores as a duplicate (spec section 5), is not counted.
 */
export async function run(
  services: Services,
  context: CommandContext,
  { goalId }: GenerateBreakdownInput,
): Promise<GenerateBreakdownResult> {
  const batchId = newId();
  return runCountedGeneration(services, context, {
    goalId,
    kind: 'breakdown',
    generate: (goal, today) => services.ai.provider.generate(goalForBreakdown(goal), { today }),
    goalCommands: (outcome, metadata) => [
      {
        type: 'GenerateTasksBatch',
        data: {
          batchId,
          source: 'ai',
          tasks: outcome.result.tasks.map((task) => ({
            taskId: newId(),
            title: task.title,
            description: task.description ?? null,
            estimatedMinutes: task.estimatedMinutes,
            energyLevel: task.energyLevel,
          })),
          aiMetadata: { ...outcome.metadata },
        },
        metadata,
      },
    ],
    result: (counted): GenerateBreakdownResult => ({
      goalId,
      taskIds: counted.goalEvents.flatMap((event) =>
        event.type === 'TasksBatchGenerated' ? event.data.tasks.map((task) => task.taskId) : [],
      ),
      position: counted.position,
      aiMetadata: { ...counted.outcome.metadata },
      aiGenerationsThisMonth: counted.aiGenerationsThisMonth,
    }),
  });
}
