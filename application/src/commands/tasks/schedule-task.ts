import { z } from 'zod';
import type { Services } from '../../services';
import { getUserTimeZone } from '@stride/projections/users/queries/get-user-time-zone';
import type { CommandContext } from '../command-handler';
import { runOnTask, taskRefSchema, taskResultSchema, type TaskResult } from './task-result';

export const inputSchema = taskRefSchema.extend({ doDate: z.string().nullable() });
export type ScheduleTaskInput = z.infer<typeof inputSchema>;

export const resultSchema = taskResultSchema;

/** ScheduleTask: plan the task on a do date (today or later in the user's zone), or unplan it (null). */
export const run = async (
  services: Services,
  context: CommandContext,
  input: ScheduleTaskInput,
): Promise<TaskResult> => {
  const timeZone = await getUserTimeZone(services.pool, context.userId);
  const { taskId, doDate } = input;
  return runOnTask(services, context, input, (metadata) => [
    { type: 'ScheduleTask', data: { taskId, doDate, timeZone }, metadata },
  ]);
};
