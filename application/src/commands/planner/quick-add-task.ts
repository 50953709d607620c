import { z } from 'zod';
import { parseQuickAdd } from '@stride/domain/quick-add/quick-add';
import { quickAddCommands } from '@stride/domain/quick-add/quick-add-commands';
import { DomainError } from '@stride/domain/shared/domain-error';
import { listGoalChoices } from '@stride/projections/planner/queries/list-goal-choices';
import type { Services } from '../../services';
import { getUserTimeZone } from '@stride/projections/users/queries/get-user-time-zone';
import type { CommandContext } from '../command-handler';
import { newId } from '../ids';
import { keptTimeZone } from '../users/kept-time-zone';
import { runOnTask, taskResultSchema, type TaskResult } from '../tasks/task-result';

export const inputSchema = z.object({
  text: z.string(),
  /** The goal when the line's `#tag` names none (the goal picked in the box). */
  goalId: z.string().optional(),
});
export type QuickAddTaskInput = z.infer<typeof inputSchema>;

export const resultSchema = taskResultSchema;

/**
 * Saves a quick-add line ("Call the vet tomorrow 15m low energy #dog"): read the same way the preview
 * read it (domain/src/quick-add), in the user's zone and against their active goals, then added as a
 * manual task with its do date, due date and recurrence in one append to the goal's stream. The goal is
 * found from a first reading; the dates are read again in the zone of the command's turn (keptTimeZone: the
 * append checks the user's stream), so a zone changed meanwhile is the zone "tomorrow" means.
 */
export async function run(services: Services, context: CommandContext, input: QuickAddTaskInput): Promise<TaskResult> {
  const [timeZone, goals] = await Promise.all([
    getUserTimeZone(services.pool, context.userId),
    listGoalChoices(services.pool, context.userId),
  ]);
  const now = context.now ?? services.clock();
  const parsed = parseQuickAdd(input.text, { now, timeZone, goals });
  const taskId = newId();
  const defaultGoalId = input.goalId ?? (goals.length === 1 ? goals[0]!.goalId : null);
  const { goalId } = quickAddCommands(parsed, { taskId, timeZone, defaultGoalId }, { now, userId: context.userId });
  if (goalId === null) {
    throw new DomainError('validation', 'Name a goal with #tag or pick one', { field: 'goal_id' });
  }
  return runOnTask<string>(
    services,
    context,
    { goalId, taskId },
    (metadata, _state, decidedZone) =>
      quickAddCommands(
        parseQuickAdd(input.text, { now: metadata.now, timeZone: decidedZone, goals }),
        { taskId, timeZone: decidedZone, defaultGoalId },
        metadata,
      ).commands,
    keptTimeZone(context.userId),
  );
}
