import { z } from 'zod';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { runOnTask, taskRefSchema, taskResultSchema, type TaskResult } from './task-result';

export const inputSchema = taskRefSchema.extend({ actualMinutes: z.number().int().optional() });
export type CompleteTaskInput = z.infer<typeof inputSchema>;

export const resultSchema = taskResultSchema;

/** CompleteTask, with the minutes it took when the caller gives them. */
export const run = (services: Services, context: CommandContext, input: CompleteTaskInput): Promise<TaskResult> => {
  const { taskId, actualMinutes } = input;
  return runOnTask(services, context, input, (metadata) => [
    { type: 'CompleteTask', data: { taskId, ...(actualMinutes !== undefined && { actualMinutes }) }, metadata },
  ]);
};
