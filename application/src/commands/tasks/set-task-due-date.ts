import { z } from 'zod';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { keptTimeZone } from '../users/kept-time-zone';
import { runOnTask, taskRefSchema, taskResultSchema, type TaskResult } from './task-result';

export const inputSchema = taskRefSchema.extend({ dueDate: z.string().nullable() });
export type SetTaskDueDateInput = z.infer<typeof inputSchema>;

export const resultSchema = taskResultSchema;

/** SetTaskDueDate: the date the task must be done by (not before its creation day), or none (null). */
export const run = (services: Services, context: CommandContext, input: SetTaskDueDateInput): Promise<TaskResult> => {
  const { taskId, dueDate } = input;
  return runOnTask<string>(
    services,
    context,
    input,
    (metadata, _state, timeZone) => [{ type: 'SetTaskDueDate', data: { taskId, dueDate, timeZone }, metadata }],
    keptTimeZone(context.userId),
  );
};
