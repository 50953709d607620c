import { z } from 'zod';
import { goalStreamDecider } from '@stride/domain/goals/goal-decider';
import type { SubtaskCommand } from '@stride/domain/tasks/subtask-decider';
import { streamIds } from '@stride/domain/stream-ids';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';

/** The sub-step a command is about: sub-steps live in their goal's stream, under their task. */
export const subtaskRefSchema = z.object({ goalId: z.string(), taskId: z.string(), subtaskId: z.string() });
export type SubtaskRef = z.infer<typeof subtaskRefSchema>;

export const subtaskResultSchema = subtaskRefSchema.extend({ position: z.number().int().nullable() });
export type SubtaskResult = z.infer<typeof subtaskResultSchema>;

/** Runs one sub-step command (CompleteSubtask, ReopenSubtask, RemoveSubtask) on the goal's stream. */
export async function runOnSubtask(
  services: Services,
  context: CommandContext,
  ref: SubtaskRef,
  type: Exclude<SubtaskCommand['type'], 'BreakDownTask'>,
): Promise<SubtaskResult> {
  const { goalId, taskId, subtaskId } = ref;
  const { result } = await services.commands.execute({
    context,
    streams: { goal: { streamId: streamIds.goal(goalId), decider: goalStreamDecider } },
    decide: (states, metadata) => ({
      goal: goalStreamDecider.decide({ type, data: { taskId, subtaskId }, metadata }, states.goal),
    }),
    result: ({ position }) => ({ goalId, taskId, subtaskId, position }),
  });
  return result;
}
