import type { z } from 'zod';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { runOnTask, taskRefSchema, taskResultSchema, type TaskResult } from './task-result';

export const inputSchema = taskRefSchema;
export const resultSchema = taskResultSchema;

/** ReopenTask: a done or started task back to todo. */
export const run = (
  services: Services,
  context: CommandContext,
  input: z.infer<typeof inputSchema>,
): Promise<TaskResult> =>
  runOnTask(services, context, input, (metadata) => [{ type: 'ReopenTask', data: { taskId: input.taskId }, metadata }]);
