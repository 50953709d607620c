import { z } from 'zod';
import { stepGranularitySchema, subtaskCount } from '@stride/domain/ai/breakdown';
import { plannerSourceSchema } from '@stride/domain/contracts/breakdowns';
import type { Goal } from '@stride/domain/goals/goal-events';
import { DomainError } from '@stride/domain/shared/domain-error';
import { goalForBreakdown, runCountedGeneration } from '../../ai/breakdown-draft/counted-generation';
import { plannerRequestFor } from '../../ai/breakdown-draft/draft-request';
import { plannerSourceOf } from '../../ai/breakdown-draft/draft-steps';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { newId } from '../ids';

export const inputSchema = z.object({
  goalId: z.string(),
  taskId: z.string(),
  granularity: stepGranularitySchema.default('tiny'),
});
export type BreakDownTaskInput = z.infer<typeof inputSchema>;

/** The AI model answers before the transaction: a retry looks its Idempotency-Key up first. */
export const beforeTransaction = 'costly';

export const resultSchema = z.object({
  goalId: z.string(),
  taskId: z.string(),
  subtaskIds: z.array(z.string()),
  source: plannerSourceSchema,
  position: z.number().int().nullable(),
  aiGenerationsThisMonth: z.number().int(),
});
export type BreakDownTaskResult = z.infer<typeof resultSchema>;

const liveTask = (goal: Goal, taskId: string) => {
  const task = goal.tasks.items.find((candidate) => candidate.taskId === taskId && candidate.deletedAt === null);
  if (!task) throw new DomainError('not_found', 'Task not found', { field: 'taskId' });
  return task;
};

/**
 * Breaks one task into sub-steps (one level, issue 14) with the same size control as a goal's breakdown.
 * The planner reads the task as a small goal of the goal's category, told it is one step of the goal
 * (`subStepsOf`: the sub-steps are about the step and sized to the choice); the sub-steps are stored at once
 * (TaskBrokenDown) and count one AI generation in the same append (docs/decisions.md). Nothing new (every
 * proposed sub-step is one the task has) stores and counts nothing.
 */
export async function run(
  services: Services,
  context: CommandContext,
  { goalId, taskId, granularity }: BreakDownTaskInput,
): Promise<BreakDownTaskResult> {
  let taskMinutes = 0;
  return runCountedGeneration(services, context, {
    goalId,
    kind: 'subtasks',
    generate: async (goal, today) => {
      const task = liveTask(goal, taskId);
      taskMinutes = task.estimatedMinutes;
      const subtaskTitles = goal.subtasks
        .filter((subtask) => subtask.taskId === taskId && subtask.removedAt === null)
        .map((subtask) => subtask.title);
      const request = await plannerRequestFor(services, context.userId, goal, {
        granularity,
        easiestFirst: false,
        variant: subtaskTitles.length > 0 ? 1 : 0,
        avoidTitles: subtaskTitles,
      });
      const asGoal = goalForBreakdown({
        ...goal,
        title: task.title,
        description: [task.description, `One step of the goal "${goal.title}".`].filter(Boolean).join(' '),
        targetDate: null,
      });
      // The planner is told it breaks down a step: sub-steps about the step, as many as its minutes hold.
      const options = {
        ...request.options,
        subStepsOf: { goalTitle: goal.title, estimatedMinutes: task.estimatedMinutes, energyLevel: task.energyLevel },
      };
      return services.ai.provider.generate(asGoal, { today, options });
    },
    goalCommands: (outcome, metadata) => {
      const count = subtaskCount(taskMinutes, granularity);
      return [
        {
          type: 'BreakDownTask',
          data: {
            taskId,
            subtasks: outcome.result.tasks.slice(0, count).map((task) => ({
              subtaskId: newId(),
              title: task.title,
              estimatedMinutes: task.estimatedMinutes,
              energyLevel: task.energyLevel,
            })),
            aiMetadata: { provider: outcome.metadata.provider, model: outcome.metadata.model, granularity },
          },
          metadata,
        },
      ];
    },
    result: (counted): BreakDownTaskResult => ({
      goalId,
      taskId,
      subtaskIds: counted.goalEvents.flatMap((event) =>
        event.type === 'TaskBrokenDown' ? event.data.subtasks.map((subtask) => subtask.subtaskId) : [],
      ),
      source: plannerSourceOf(counted.outcome.metadata),
      position: counted.position,
      aiGenerationsThisMonth: counted.aiGenerationsThisMonth,
    }),
  });
}
