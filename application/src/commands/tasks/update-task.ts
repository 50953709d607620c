import { z } from 'zod';
import type { GoalStreamCommand } from '@stride/domain/goals/goal-decider';
import { nextOccurrenceOnCompletion } from '@stride/domain/recurrence/occurrence-on-completion';
import { energyLevelSchema } from '@stride/domain/tasks/energy-workflow';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { keptTimeZone } from '../users/kept-time-zone';
import { runOnTask, taskRefSchema, taskResultSchema, type TaskResult } from './task-result';

export const inputSchema = taskRefSchema.extend({
  changes: z.object({
    title: z.string().optional(),
    description: z.string().nullable().optional(),
    estimatedMinutes: z.number().int().optional(),
    energyLevel: energyLevelSchema.optional(),
  }),
  /** A status to move to as well: todo reopens, in_progress starts, done completes (with actualMinutes). */
  status: z.enum(['todo', 'in_progress', 'done']).optional(),
  /** Minutes spent: recorded with the completion, or logged on their own. */
  actualMinutes: z.number().int().optional(),
});
export type UpdateTaskInput = z.infer<typeof inputSchema>;

export const resultSchema = taskResultSchema;

/**
 * Edits a task as task commands in one append: field changes (UpdateTask), then the status (Start /
 * Complete / Reopen) or the time (LogTaskTime). Completing an occurrence creates the next one.
 */
export const run = (services: Services, context: CommandContext, input: UpdateTaskInput): Promise<TaskResult> => {
  const { goalId, taskId, changes, status, actualMinutes } = input;
  return runOnTask<string>(
    services,
    context,
    { goalId, taskId },
    (metadata, state, timeZone) => {
      const commands: GoalStreamCommand[] = [];
      if (Object.keys(changes).length > 0) commands.push({ type: 'UpdateTask', data: { taskId, changes }, metadata });
      if (status === 'in_progress') commands.push({ type: 'StartTask', data: { taskId }, metadata });
      if (status === 'todo') commands.push({ type: 'ReopenTask', data: { taskId }, metadata });
      if (status === 'done') {
        commands.push({
          type: 'CompleteTask',
          data: { taskId, ...(actualMinutes !== undefined && { actualMinutes }) },
          metadata,
        });
        commands.push(...nextOccurrenceOnCompletion(state, taskId, timeZone, metadata));
      } else if (actualMinutes !== undefined) {
        commands.push({ type: 'LogTaskTime', data: { taskId, actualMinutes }, metadata });
      }
      return commands;
    },
    // The user's zone (a completed occurrence's next one): read with the goal, or kept (complete-task.ts).
    keptTimeZone(context.userId),
  );
};
