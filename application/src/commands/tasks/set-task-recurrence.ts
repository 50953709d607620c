import { z } from 'zod';
import { recurrenceRuleSchema } from '@stride/domain/recurrence/recurrence-rule';
import type { Services } from '../../services';
import { getUserTimeZone } from '@stride/projections/users/queries/get-user-time-zone';
import type { CommandContext } from '../command-handler';
import { runOnTask, taskRefSchema, taskResultSchema, type TaskResult } from './task-result';

export const inputSchema = taskRefSchema.extend({
  rule: recurrenceRuleSchema.nullable(),
  startDate: z.string().optional(),
});
export type SetTaskRecurrenceInput = z.infer<typeof inputSchema>;

export const resultSchema = taskResultSchema;

/**
 * SetTaskRecurrence: the task repeats by `rule` (from this occurrence on, when it is one already), or,
 * with null, its series ends with it. When the rule moves the task to another date, it is planned there.
 */
export const run = async (
  services: Services,
  context: CommandContext,
  input: SetTaskRecurrenceInput,
): Promise<TaskResult> => {
  const timeZone = await getUserTimeZone(services.pool, context.userId);
  const { taskId, rule, startDate } = input;
  return runOnTask(services, context, input, (metadata) => [
    {
      type: 'SetTaskRecurrence',
      data: { taskId, rule, timeZone, ...(startDate !== undefined && { startDate }) },
      metadata,
    },
  ]);
};
