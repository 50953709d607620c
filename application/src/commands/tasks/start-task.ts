import type { z } from 'zod';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { runOnTask, taskRefSchema, taskResultSchema, type TaskResult } from './task-result';

export const inputSchema = taskRefSchema;
export const resultSchema = taskResultSchema;

/** StartTask: todo to in_progress. */
export const run = (
  services: Services,
  context: CommandContext,
  input: z.infer<typeof inputSchema>,
): Promise<TaskResult> =>
  runOnTask(services, context, input, (metadata) => [{ type: 'StartTask', data: { taskId: input.taskId }, metadata }]);
