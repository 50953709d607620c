import { z } from 'zod';
import type { Services } from '../../services';
import { getUserTimeZone } from '@stride/projections/users/queries/get-user-time-zone';
import type { CommandContext } from '../command-handler';
import { runOnTask, taskRefSchema, taskResultSchema, type TaskResult } from './task-result';

export const inputSchema = taskRefSchema.extend({ dueDate: z.string().nullable() });
export type SetTaskDueDateInput = z.infer<typeof inputSchema>;

export const resultSchema = taskResultSchema;

/** SetTaskDueDate: the date the task must be done by (not before its creation day), or none (null). */
export const run = async (
  services: Services,
  context: CommandContext,
  input: SetTaskDueDateInput,
): Promise<TaskResult> => {
  const timeZone = await getUserTimeZone(services.pool, context.userId);
  const { taskId, dueDate } = input;
  return runOnTask(services, context, input, (metadata) => [
    { type: 'SetTaskDueDate', data: { taskId, dueDate, timeZone }, metadata },
  ]);
};
