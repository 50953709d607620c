import { z } from 'zod';
import { recurrenceRuleSchema } from '@stride/domain/recurrence/recurrence-rule';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { keptTimeZone } from '../users/kept-time-zone';
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
export const run = (
  services: Services,
  context: CommandContext,
  input: SetTaskRecurrenceInput,
): Promise<TaskResult> => {
  const { taskId, rule, startDate } = input;
  return runOnTask<string>(
    services,
    context,
    input,
    (metadata, _state, timeZone) => [
      {
        type: 'SetTaskRecurrence',
        data: { taskId, rule, timeZone, ...(startDate !== undefined && { startDate }) },
        metadata,
      },
    ],
    keptTimeZone(context.userId),
  );
};
