import { z } from 'zod';
import { energyLevelSchema } from '@stride/domain/tasks/energy-workflow';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { runOnTask, taskRefSchema, taskResultSchema, type TaskResult } from './task-result';

export const inputSchema = taskRefSchema.extend({
  changes: z.object({
    title: z.string().optional(),
    description: z.string().nullable().optional(),
    estimatedMinutes: z.number().int().optional(),
    energyLevel: energyLevelSchema.optional(),
  }),
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
