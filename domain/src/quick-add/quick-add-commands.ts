import type { GoalStreamCommand } from '../goals/goal-decider';
import type { CommandMetadata } from '../shared/event';
import type { EnergyLevel } from '../tasks/energy-workflow';
import type { QuickAddResult } from './quick-add';

/** What a quick-added task gets when the line names no minutes or energy. */
export const QUICK_ADD_DEFAULTS = { estimatedMinutes: 30, energyLevel: 'medium' as EnergyLevel } as const;

export interface QuickAddTarget {
  /** The new task's id (from the caller: an idempotency key or a generated id). */
  readonly taskId: string;
  readonly timeZone: string;
  /** The goal used when the line's #tag matched none (an inbox goal, say); null leaves the choice to the caller. */
  readonly defaultGoalId?: string | null;
}

/**
 * The commands that save a previewed quick add, in the order to decide them on the goal's stream:
 * GenerateTasksBatch (one manual task), then ScheduleTask, SetTaskDueDate and SetTaskRecurrence for what the line gave. `goalId` is
 * the matched goal, else the default; null means the caller must ask which goal.
 */
export const quickAddCommands = (
  result: QuickAddResult,
  { taskId, timeZone, defaultGoalId = null }: QuickAddTarget,
  metadata: CommandMetadata,
): { goalId: string | null; commands: GoalStreamCommand[] } => {
  const commands: GoalStreamCommand[] = [
    {
      // A manual task is a one-task batch (the spec's de-duplication applies), as the task form adds it.
      type: 'GenerateTasksBatch',
      data: {
        batchId: `quick-add:${taskId}`,
        source: 'manual',
        tasks: [
          {
            taskId,
            title: result.title,
            estimatedMinutes: result.estimatedMinutes ?? QUICK_ADD_DEFAULTS.estimatedMinutes,
            energyLevel: result.energyLevel ?? QUICK_ADD_DEFAULTS.energyLevel,
          },
        ],
      },
      metadata,
    },
  ];
  if (result.doDate !== null) {
    commands.push({ type: 'ScheduleTask', data: { taskId, doDate: result.doDate, timeZone }, metadata });
  }
  if (result.dueDate !== null) {
    commands.push({ type: 'SetTaskDueDate', data: { taskId, dueDate: result.dueDate, timeZone }, metadata });
  }
  if (result.recurrence !== null) {
    commands.push({ type: 'SetTaskRecurrence', data: { taskId, rule: result.recurrence, timeZone }, metadata });
  }
  return { goalId: result.goal?.goalId ?? defaultGoalId, commands };
};
