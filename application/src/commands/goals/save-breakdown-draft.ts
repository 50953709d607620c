import { z } from 'zod';
import { draftStepSchema } from '@stride/domain/contracts/breakdowns';
import { goalStreamDecider, type GoalStreamCommand } from '@stride/domain/goals/goal-decider';
import type { GoalStreamEvent } from '@stride/domain/goals/goal-events';
import { decideInTurn } from '@stride/domain/shared/decide-in-turn';
import { dayOf } from '@stride/domain/shared/month';
import { streamIds } from '@stride/domain/stream-ids';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { newId } from '../ids';

export const inputSchema = z.object({
  goalId: z.string(),
  steps: z.array(draftStepSchema).min(1),
  source: z.object({ provider: z.string().max(100), model: z.string().max(200) }).optional(),
});
export type SaveBreakdownDraftInput = z.infer<typeof inputSchema>;

export const resultSchema = z.object({
  goalId: z.string(),
  taskIds: z.array(z.string()),
  position: z.number().int().nullable(),
});
export type SaveBreakdownDraftResult = z.infer<typeof resultSchema>;

/**
 * Saves a reviewed draft: the steps the user kept (as edited) become the goal's tasks in one batch (source
 * 'ai'), each planned on its suggested do-date when that is not already past. Free: the draft was counted
 * when it was generated (docs/decisions.md). Steps the goal already has are dropped (spec section 5).
 */
export async function run(
  services: Services,
  context: CommandContext,
  { goalId, steps, source }: SaveBreakdownDraftInput,
): Promise<SaveBreakdownDraftResult> {
  const planned = steps.map((step) => ({ ...step, taskId: newId() }));
  const { result } = await services.commands.execute({
    context,
    streams: { goal: { streamId: streamIds.goal(goalId), decider: goalStreamDecider } },
    decide: (states, metadata) => {
      const batch = decideInTurn(
        goalStreamDecider,
        [
          {
            type: 'GenerateTasksBatch',
            data: {
              batchId: newId(),
              source: 'ai',
              tasks: planned.map((step) => ({
                taskId: step.taskId,
                title: step.title,
                description: step.description ?? null,
                estimatedMinutes: step.estimated_minutes,
                energyLevel: step.energy_level,
              })),
              aiMetadata: { ...(source ?? {}), reviewed: true },
            },
            metadata,
          },
        ],
        states.goal,
      );
      const added = new Set(addedTaskIds(batch.events));
      const today = dayOf(metadata.now);
      const schedules: GoalStreamCommand[] = planned.flatMap((step) =>
        added.has(step.taskId) && step.suggested_date && step.suggested_date >= today
          ? [{ type: 'ScheduleTask', data: { taskId: step.taskId, doDate: step.suggested_date }, metadata }]
          : [],
      );
      return { goal: [...batch.events, ...decideInTurn(goalStreamDecider, schedules, batch.state).events] };
    },
    result: ({ streams, position }) => ({ goalId, taskIds: addedTaskIds(streams.goal.events), position }),
  });
  return result;
}

const addedTaskIds = (events: readonly GoalStreamEvent[]): string[] =>
  events.flatMap((event) => (event.type === 'TasksBatchGenerated' ? event.data.tasks.map((task) => task.taskId) : []));
