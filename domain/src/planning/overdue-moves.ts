import { addDays, compareLocalDates, nextMonday, type LocalDate } from '../dates/local-date';
import type { CommandMetadata } from '../shared/event';
import type { ScheduleTask } from '../tasks/task-planning-decider';

/** What the overdue moves need of a task: the domain's Task and read-model rows (mapped) both fit. */
export interface PlannedTask {
  readonly goalId: string;
  readonly taskId: string;
  readonly doDate: LocalDate | null;
  readonly status: string;
  readonly deletedAt: string | null;
}

export const overdueTargets = ['today', 'tomorrow', 'nextWeek'] as const;
export type OverdueTarget = (typeof overdueTargets)[number];

/** A ScheduleTask for one task, with the goal whose stream it goes to. */
export interface OverdueMove {
  readonly goalId: string;
  readonly command: ScheduleTask;
}

/** Open (not done, not deleted) with a do date before today. */
export const isOverdue = (task: PlannedTask, today: LocalDate): boolean =>
  task.status !== 'done' &&
  task.deletedAt === null &&
  task.doDate !== null &&
  compareLocalDates(task.doDate, today) < 0;

/** The overdue tasks, oldest do date first (then in the given order). */
export const overdueTasks = <Task extends PlannedTask>(tasks: readonly Task[], today: LocalDate): Task[] =>
  tasks
    .filter((task) => isOverdue(task, today))
    .map((task, index) => ({ task, index }))
    .sort((a, b) => compareLocalDates(a.task.doDate ?? '', b.task.doDate ?? '') || a.index - b.index)
    .map(({ task }) => task);

/** The date a move lands on: today, tomorrow, or the Monday of next week (a week ahead on a Monday). */
export const moveDate = (target: OverdueTarget, today: LocalDate): LocalDate => {
  switch (target) {
    case 'today':
      return today;
    case 'tomorrow':
      return addDays(today, 1);
    case 'nextWeek':
      return nextMonday(today);
  }
};

export interface OverdueMoveOptions {
  /** Move only these tasks (one by one from the UI); all overdue tasks when absent. */
  readonly taskIds?: readonly string[];
  /** The user's zone, passed on to ScheduleTask so it checks "not in the past" against the same today. */
  readonly timeZone?: string;
}

/**
 * The ScheduleTask commands that move overdue tasks to today, tomorrow or next week, oldest first.
 * Tasks that are not overdue (or not in `taskIds`) get no command. The due date is left as it is: a move
 * may plan a task after its due date, which is the user's call.
 */
export const overdueMoves = (
  tasks: readonly PlannedTask[],
  today: LocalDate,
  target: OverdueTarget,
  metadata: CommandMetadata,
  { taskIds, timeZone }: OverdueMoveOptions = {},
): OverdueMove[] => {
  const doDate = moveDate(target, today);
  const wanted = taskIds === undefined ? undefined : new Set(taskIds);
  return overdueTasks(tasks, today)
    .filter((task) => wanted === undefined || wanted.has(task.taskId))
    .map((task) => ({
      goalId: task.goalId,
      command: {
        type: 'ScheduleTask',
        data: { taskId: task.taskId, doDate, ...(timeZone !== undefined && { timeZone }) },
        metadata,
      },
    }));
};

/** Moves grouped by goal, so each goal stream takes its commands in one append. */
export const movesByGoal = (moves: readonly OverdueMove[]): Map<string, ScheduleTask[]> => {
  const byGoal = new Map<string, ScheduleTask[]>();
  for (const { goalId, command } of moves) byGoal.set(goalId, [...(byGoal.get(goalId) ?? []), command]);
  return byGoal;
};
