import { z } from 'zod';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { runOnTask, taskRefSchema, taskResultSchema, type TaskResult } from './task-result';

export const inputSchema = taskRefSchema.extend({ actualMinutes: z.number().int() });
export type LogTaskTimeInput = z.infer<typeof inputSchema>;

export const resultSchema = taskResultSchema;

/** LogTaskTime: minutes spent on a task. */
export const run = (services: Services, context: CommandContext, input: LogTaskTimeInput): Promise<TaskResult> =>
  runOnTask(services, context, input, (metadata) => [
    { type: 'LogTaskTime', data: { taskId: input.taskId, actualMinutes: input.actualMinutes }, metadata },
  ]);
