import { z } from 'zod';
import { compareLocalDates, localDateOf } from '@stride/domain/dates/local-date';
import { readTodoistCsv, type TodoistTask } from '@stride/domain/exchange/todoist-csv';
import type { GoalStreamCommand } from '@stride/domain/goals/goal-decider';
import { goalStreamDecider } from '@stride/domain/goals/goal-decider';
import { QUICK_ADD_DEFAULTS } from '@stride/domain/quick-add/quick-add-commands';
import { decideInTurn } from '@stride/domain/shared/decide-in-turn';
import { DomainError } from '@stride/domain/shared/domain-error';
import type { CommandMetadata } from '@stride/domain/shared/event';
import { streamIds } from '@stride/domain/stream-ids';
import { usageDecider } from '@stride/domain/usage/usage-decider';
import type { Services } from '../../services';
import { getUserTimeZone } from '@stride/projections/users/queries/get-user-time-zone';
import type { CommandContext } from '../command-handler';
import { newId } from '../ids';
import { limitTierOf } from '../usage/usage-snapshot';

/** A task batch holds at most 100 tasks. */
const BATCH_SIZE = 100;
const chunks = <Item>(items: readonly Item[], size: number): Item[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** The title of the goal the tasks land in. */
const DEFAULT_GOAL_TITLE = 'Imported from Todoist';

export const inputSchema = z.object({ csv: z.string(), goalTitle: z.string().optional() });
export type ImportTodoistCsvInput = z.infer<typeof inputSchema>;

export const resultSchema = z.object({
  goalId: z.string(),
  goals: z.number().int(),
  tasks: z.number().int(),
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  position: z.number().int().nullable(),
});
export type ImportTodoistResult = z.infer<typeof resultSchema>;

/**
 * The planning commands of one Todoist task. A do date already past lands on today (it is overdue work,
 * and a do date is never set in the past); a due date already past is left out (it is kept in the
 * description Todoist exported, when there was one).
 */
const planCommands = (
  task: TodoistTask,
  taskId: string,
  today: string,
  timeZone: string,
  metadata: CommandMetadata,
): GoalStreamCommand[] => {
  const commands: GoalStreamCommand[] = [];
  if (task.recurrence !== null) {
    const startDate = task.doDate === null || compareLocalDates(task.doDate, today) < 0 ? today : task.doDate;
    commands.push({
      type: 'SetTaskRecurrence',
      data: { taskId, rule: task.recurrence, startDate, timeZone },
      metadata,
    });
  } else if (task.doDate !== null) {
    const doDate = compareLocalDates(task.doDate, today) < 0 ? today : task.doDate;
    commands.push({ type: 'ScheduleTask', data: { taskId, doDate, timeZone }, metadata });
  }
  if (task.dueDate !== null && compareLocalDates(task.dueDate, today) >= 0) {
    commands.push({ type: 'SetTaskDueDate', data: { taskId, dueDate: task.dueDate, timeZone }, metadata });
  }
  return commands;
};

/**
 * Imports a Todoist CSV export as one new goal holding its tasks (with do and due dates, minutes and
 * recurrence where Todoist had them), in one atomic append; the goal counts towards the month's limit.
 */
export async function run(
  services: Services,
  context: CommandContext,
  { csv, goalTitle = DEFAULT_GOAL_TITLE }: ImportTodoistCsvInput,
): Promise<ImportTodoistResult> {
  const [tier, timeZone] = await Promise.all([
    limitTierOf(services, context.userId),
    getUserTimeZone(services.pool, context.userId),
  ]);
  const now = context.now ?? services.clock();
  const { tasks, skipped } = readTodoistCsv(csv, { now, timeZone });
  // Said on the page as it is (the web app shows a refused field's reason): what is wrong, then what to do.
  if (tasks.length === 0)
    throw new DomainError(
      'validation',
      'The file holds no Todoist tasks. Export the project from Todoist as CSV and upload that file.',
      { field: 'csv' },
    );
  const goalId = newId();
  const withIds = tasks.map((task) => ({ task, taskId: newId() }));
  const { result } = await services.commands.execute({
    streams: {
      goal: { streamId: streamIds.goal(goalId), decider: goalStreamDecider },
      usage: { streamId: streamIds.usage(context.userId), decider: usageDecider },
    },
    decide: (states, metadata) => {
      const today = localDateOf(metadata.now, timeZone);
      const created = decideInTurn(
        goalStreamDecider,
        [
          { type: 'CreateGoal', data: { goalId, title: goalTitle, timeZone }, metadata },
          ...chunks(withIds, BATCH_SIZE).map((chunk, index): GoalStreamCommand => ({
            type: 'GenerateTasksBatch',
            data: {
              batchId: `todoist:${goalId}:${index}`,
              source: 'manual',
              tasks: chunk.map(({ task, taskId }) => ({
                taskId,
                title: task.title,
                description: task.description,
                estimatedMinutes: task.estimatedMinutes ?? QUICK_ADD_DEFAULTS.estimatedMinutes,
                energyLevel: QUICK_ADD_DEFAULTS.energyLevel,
              })),
            },
            metadata,
          })),
        ],
        states.goal,
      );
      // Repeated tasks (same title and minutes) are added once, like any batch: only those get plans.
      const added = new Set(created.state?.tasks.items.map((task) => task.taskId));
      const planned = decideInTurn(
        goalStreamDecider,
        withIds
          .filter(({ taskId }) => added.has(taskId))
          .flatMap(({ task, taskId }) => planCommands(task, taskId, today, timeZone, metadata)),
        created.state,
      );
      return {
        goal: [...created.events, ...planned.events],
        usage: usageDecider.decide({ type: 'CountGoal', data: { tier, goalId }, metadata }, states.usage),
      };
    },
    context,
    result: (outcome) => ({
      goalId,
      goals: 1,
      tasks: outcome.streams.goal.state?.tasks.items.length ?? 0,
      skipped: [...skipped],
      position: outcome.position,
    }),
  });
  return result;
}
