import { z } from 'zod';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { keptTimeZone } from '../users/kept-time-zone';
import { runOnTask, taskRefSchema, taskResultSchema, type TaskResult } from './task-result';

export const inputSchema = taskRefSchema.extend({ doDate: z.string().nullable() });
export type ScheduleTaskInput = z.infer<typeof inputSchema>;

export const resultSchema = taskResultSchema;

/** ScheduleTask: plan the task on a do date (today or later in the user's zone), or unplan it (null). */
export const run = (services: Services, context: CommandContext, input: ScheduleTaskInput): Promise<TaskResult> => {
  const { taskId, doDate } = input;
  return runOnTask<string>(
    services,
    context,
    input,
    (metadata, _state, timeZone) => [{ type: 'ScheduleTask', data: { taskId, doDate, timeZone }, metadata }],
    keptTimeZone(context.userId),
  );
};
