import { z } from 'zod';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { runOnTask, taskRefSchema, taskResultSchema, type TaskResult } from './task-result';
import { inputSchema as updateTaskInput } from './update-task';

export const inputSchema = taskRefSchema.extend({
  changes: updateTaskInput.shape.changes,
  /** `this`: only this occurrence; `future`: this one, the open ones after it and those still to come. */
  scope: z.enum(['this', 'future']),
});
export type EditTaskOccurrenceInput = z.infer<typeof inputSchema>;

export const resultSchema = taskResultSchema;

/** EditTask: edit this occurrence of a recurring task, or all future ones (a one-off: just the task). */
export const run = (
  services: Services,
  context: CommandContext,
  input: EditTaskOccurrenceInput,
): Promise<TaskResult> => {
  const { taskId, changes, scope } = input;
  return runOnTask(services, context, input, (metadata) => [
    { type: 'EditTask', data: { taskId, changes, scope }, metadata },
  ]);
};
