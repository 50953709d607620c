import { z } from 'zod';
import { nextOccurrenceOnCompletion } from '@stride/domain/recurrence/occurrence-on-completion';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { keptTimeZone } from '../users/kept-time-zone';
import { runOnTask, taskRefSchema, taskResultSchema, type TaskResult } from './task-result';

export const inputSchema = taskRefSchema.extend({ actualMinutes: z.number().int().optional() });
export type CompleteTaskInput = z.infer<typeof inputSchema>;

export const resultSchema = taskResultSchema;

/**
 * CompleteTask, with the minutes it took when the caller gives them. Completing an occurrence of a
 * recurring task creates the next occurrence in the same append (in the user's zone).
 */
export const run = (services: Services, context: CommandContext, input: CompleteTaskInput): Promise<TaskResult> => {
  const { taskId, actualMinutes } = input;
  return runOnTask<string>(
    services,
    context,
    input,
    (metadata, state, timeZone) => [
      { type: 'CompleteTask', data: { taskId, ...(actualMinutes !== undefined && { actualMinutes }) }, metadata },
      ...nextOccurrenceOnCompletion(state, taskId, timeZone, metadata),
    ],
    // The user's zone (for a recurring task's next occurrence): read in parallel with the goal's stream, or
    // kept from the user's last command in this process (its append then checks the user's stream).
    keptTimeZone(context.userId),
  );
};
