import type { z } from 'zod';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { runOnTask, taskRefSchema, taskResultSchema, type TaskResult } from './task-result';

export const inputSchema = taskRefSchema;
export const resultSchema = taskResultSchema;

/** DeleteTask: a soft delete (the task leaves every list; its events and row stay for audits). */
export const run = (
  services: Services,
  context: CommandContext,
  input: z.infer<typeof inputSchema>,
): Promise<TaskResult> =>
  runOnTask(services, context, input, (metadata) => [{ type: 'DeleteTask', data: { taskId: input.taskId }, metadata }]);
