import type { GoalState, GoalStreamEvent } from '../goals/goal-events';
import { DomainError } from '../shared/domain-error';
import type { ExportedGoal, ExportedTask, RecordedGoalEvent } from './stride-export';

/**
 * The events that rebuild an exported goal's stream in another account: the inverse of `goalExportOf`,
 * so `goalExportOf(goalEventsFromExport(goal, target))` gives the goal back (with the new goal id).
 * Each event comes with the instant it happened (from the export's histories), oldest first; a store
 * that stamps its own recordedAt should keep this order. Goal field edits (GoalUpdated) are not in the
 * export: the goal is created with its final fields.
 */
export interface ImportTarget {
  /** The new owner. */
  readonly userId: string;
  /** The goal's id in the new account (goal streams are global, so a copy on the same instance needs one). */
  readonly goalId: string;
}

interface Timed {
  readonly at: string;
  readonly order: number;
  readonly event: GoalStreamEvent;
}

const taskInput = (task: ExportedTask) => ({
  taskId: task.taskId,
  title: task.title,
  description: task.description,
  estimatedMinutes: task.estimatedMinutes,
  energyLevel: task.energyLevel,
});

const isOccurrence = (task: ExportedTask): boolean =>
  task.seriesId !== null && task.occurrenceDate !== null && task.taskId !== task.seriesId;

export const goalEventsFromExport = (goal: ExportedGoal, { userId, goalId }: ImportTarget): RecordedGoalEvent[] => {
  const timed: Timed[] = [];
  const push = (at: string, event: GoalStreamEvent): void => {
    timed.push({ at, order: timed.length, event });
  };

  push(goal.createdAt, {
    type: 'GoalCreated',
    data: {
      goalId,
      userId,
      title: goal.title,
      description: goal.description,
      category: goal.category,
      priority: goal.priority,
      targetDate: goal.targetDate,
      createdAt: goal.createdAt,
    },
  });
  goal.statusHistory.slice(1).forEach(({ status, at, reason }) => {
    if (status === 'completed') push(at, { type: 'GoalCompleted', data: { completedAt: at } });
    else if (status === 'abandoned') {
      push(at, { type: 'GoalAbandoned', data: { abandonedAt: at, ...(reason !== undefined && { reason }) } });
    } else push(at, { type: 'GoalReactivated', data: {} });
  });

  const lastAiTask = goal.tasks
    .filter((task) => task.source === 'ai')
    .reduce<ExportedTask | undefined>(
      (last, task) => (last === undefined || task.createdAt >= last.createdAt ? task : last),
      undefined,
    );

  for (const task of goal.tasks) {
    const { taskId, createdAt } = task;
    const series = goal.series.find((candidate) => candidate.seriesId === task.seriesId);
    let doDate: string | null = null;
    if (isOccurrence(task) && task.seriesId !== null && task.occurrenceDate !== null) {
      push(createdAt, {
        type: 'TaskOccurrenceCreated',
        data: {
          ...taskInput(task),
          seriesId: task.seriesId,
          occurrenceDate: task.occurrenceDate,
          dueDate: task.dueDate,
          createdAt,
        },
      });
      doDate = task.occurrenceDate;
    } else if (task.source === 'manual') {
      push(createdAt, { type: 'TaskAdded', data: { ...taskInput(task), addedAt: createdAt } });
    } else {
      push(createdAt, {
        type: 'TasksBatchGenerated',
        data: {
          batchId: `import-${taskId}`,
          source: task.source,
          tasks: [taskInput(task)],
          aiMetadata: task === lastAiTask ? goal.aiMetadata : null,
          generatedAt: createdAt,
        },
      });
    }
    if (series !== undefined && task.taskId === series.seriesId && task.occurrenceDate !== null) {
      const { seriesId, recurrence, template } = series;
      push(createdAt, {
        type: 'TaskRecurrenceSet',
        data: { taskId, seriesId, occurrenceDate: task.occurrenceDate, recurrence, template },
      });
      doDate = task.occurrenceDate;
      if (series.ended) push(createdAt, { type: 'TaskRecurrenceCleared', data: { taskId, seriesId } });
    }
    if (task.doDate !== doDate) {
      push(
        createdAt,
        task.doDate === null
          ? { type: 'TaskUnscheduled', data: { taskId } }
          : { type: 'TaskScheduled', data: { taskId, doDate: task.doDate } },
      );
    }
    if (task.dueDate !== null && !isOccurrence(task))
      push(createdAt, { type: 'TaskDueDateSet', data: { taskId, dueDate: task.dueDate } });

    const completions = task.timeLog.filter((entry) => entry.via === 'completion');
    task.statusHistory.slice(1).forEach(({ status, at }) => {
      if (status === 'in_progress') push(at, { type: 'TaskStarted', data: { taskId, startedAt: at } });
      else if (status === 'todo') push(at, { type: 'TaskReopened', data: { taskId } });
      else {
        const minutes = completions.find((entry) => entry.at === at)?.minutes;
        push(at, {
          type: 'TaskCompleted',
          data: { taskId, completedAt: at, ...(minutes !== undefined && { actualMinutes: minutes }) },
        });
      }
    });
    task.timeLog
      .filter((entry) => entry.via === 'log')
      .forEach(({ minutes, at }) =>
        push(at, { type: 'TaskTimeLogged', data: { taskId, actualMinutes: minutes, loggedAt: at } }),
      );
    if (task.deletedAt !== null)
      push(task.deletedAt, { type: 'TaskDeleted', data: { taskId, deletedAt: task.deletedAt } });
  }
  if (goal.deletedAt !== null) push(goal.deletedAt, { type: 'GoalDeleted', data: { deletedAt: goal.deletedAt } });

  return timed
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.order - b.order))
    .map(({ at, event }) => ({ event, recordedAt: at }));
};

/**
 * The import's decision for one goal stream: the stream must be new (an import never writes into an
 * existing goal); its events are the export's goal, rebuilt for `target`.
 */
export const decideGoalImport = (state: GoalState, goal: ExportedGoal, target: ImportTarget): GoalStreamEvent[] => {
  if (state !== null) throw new DomainError('illegal_state', 'Goal already exists', { field: 'goalId' });
  return goalEventsFromExport(goal, target).map(({ event }) => event);
};
