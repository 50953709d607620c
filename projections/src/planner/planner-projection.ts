import type { EventRegistry } from '@stride/domain/shared/event-registry';
import { assertNever } from '@stride/domain/shared/event';
import { parseStreamId } from '@stride/domain/stream-ids';
import { taskCompleted, taskTimeLogged, type TaskEvent } from '@stride/domain/tasks/task-events';
import { taskPlanningEventDefinitions, type TaskPlanningEvent } from '@stride/domain/tasks/task-planning-events';
import type { EventOf } from '@stride/domain/shared/create-event';
import { userErased } from '@stride/domain/users/user-events';
import { isoInstant } from '../core/instant';
import { defineProjection, rowRef, type EventEnvelope, type RowRef } from '../core/projection';
import type { RowStore } from '../core/row-store';
import type { JsonValue } from '../core/table';
import {
  taskPlansTable,
  taskSeriesTable,
  taskTimeEntriesTable,
  type TaskPlanRecord,
  type TaskSeriesRecord,
} from './planner-tables';

/** What the planner reads: the planning events, and the task events that log time. */
type UserErased = EventOf<typeof userErased>;

/**
 * What the planner reads: the planning events, the task events that log time, and UserErased (an erased
 * user's plans and series, whose templates hold task titles, and their logged time leave the read model).
 */
export type PlannerEvent =
  TaskPlanningEvent | Extract<TaskEvent, { type: typeof taskTimeLogged.type | typeof taskCompleted.type }> | UserErased;

const erasedRows = (event: UserErased): RowRef[] => [
  ...event.data.goals.flatMap(({ goalId, taskIds }) =>
    taskIds.map((task_id) => rowRef(taskPlansTable, { goal_id: goalId, task_id })),
  ),
  ...(event.data.series ?? []).flatMap(({ goalId, seriesIds }) =>
    seriesIds.map((series_id) => rowRef(taskSeriesTable, { goal_id: goalId, series_id })),
  ),
  ...(event.data.timeEntries ?? []).flatMap(({ goalId, taskId, entryIds }) =>
    entryIds.map((entry_id) => rowRef(taskTimeEntriesTable, { goal_id: goalId, task_id: taskId, entry_id })),
  ),
];

const goalIdOf = (envelope: EventEnvelope): string => parseStreamId(envelope.streamId).id;

const json = (value: unknown): { [key: string]: JsonValue } =>
  JSON.parse(JSON.stringify(value)) as { [key: string]: JsonValue };

export const plannerKeysOf = (event: PlannerEvent, envelope: EventEnvelope): RowRef[] => {
  if (event.type === 'UserErased') return erasedRows(event);
  const goal_id = goalIdOf(envelope);
  const plan = (task_id: string) => rowRef(taskPlansTable, { goal_id, task_id });
  const series = (series_id: string) => rowRef(taskSeriesTable, { goal_id, series_id });
  switch (event.type) {
    case 'TaskTimeLogged':
    case 'TaskCompleted':
      // A new time entry, keyed by its event's position: only written, never read, so none to load (and
      // keysOf never names a row by position: an inline batch asks for its rows before the append).
      return [];
    case 'TaskRecurrenceSet':
    case 'TaskRecurrenceCleared':
      return [plan(event.data.taskId), series(event.data.seriesId)];
    case 'TaskSeriesUpdated':
      return [series(event.data.seriesId)];
    default:
      return [plan(event.data.taskId)];
  }
};

/** Mirrors evolveTaskPlanning (domain/src/tasks/task-planning-events.ts) and the time log over rows. */
export const applyPlannerEvent = (rows: RowStore, event: PlannerEvent, envelope: EventEnvelope): void => {
  if (event.type === 'UserErased') {
    for (const { goalId, taskIds } of event.data.goals) {
      for (const task_id of taskIds) rows.delete(taskPlansTable, { goal_id: goalId, task_id });
    }
    for (const { goalId, seriesIds } of event.data.series ?? []) {
      for (const series_id of seriesIds) rows.delete(taskSeriesTable, { goal_id: goalId, series_id });
    }
    for (const { goalId, taskId, entryIds } of event.data.timeEntries ?? []) {
      for (const entry_id of entryIds)
        rows.delete(taskTimeEntriesTable, { goal_id: goalId, task_id: taskId, entry_id });
    }
    return;
  }
  const goal_id = goalIdOf(envelope);
  const user_id = envelope.actorId;
  const updated_at = envelope.recordedAt;
  const plan = (task_id: string, change: Partial<TaskPlanRecord>): void => {
    const current = rows.get(taskPlansTable, { goal_id, task_id }) ?? {
      goal_id,
      task_id,
      user_id,
      do_date: null,
      due_date: null,
      series_id: null,
      occurrence_date: null,
      updated_at,
    };
    rows.put(taskPlansTable, { ...current, ...change, updated_at });
  };
  const series = (series_id: string, change: (current: TaskSeriesRecord) => Partial<TaskSeriesRecord>): void => {
    const current = rows.get(taskSeriesTable, { goal_id, series_id });
    if (current !== undefined) rows.put(taskSeriesTable, { ...current, ...change(current), updated_at });
  };
  const timeEntry = (task_id: string, minutes: number, via: 'log' | 'completion', at: string): void =>
    rows.put(taskTimeEntriesTable, {
      goal_id,
      task_id,
      entry_id: String(envelope.globalPosition),
      user_id,
      minutes,
      via,
      logged_at: isoInstant(at),
    });
  switch (event.type) {
    case 'TaskScheduled':
      return plan(event.data.taskId, { do_date: event.data.doDate });
    case 'TaskUnscheduled':
      return plan(event.data.taskId, { do_date: null });
    case 'TaskDueDateSet':
      return plan(event.data.taskId, { due_date: event.data.dueDate });
    case 'TaskDueDateCleared':
      return plan(event.data.taskId, { due_date: null });
    case 'TaskRecurrenceSet': {
      const { taskId, seriesId, occurrenceDate, recurrence, template } = event.data;
      plan(taskId, { series_id: seriesId, occurrence_date: occurrenceDate, do_date: occurrenceDate });
      rows.put(taskSeriesTable, {
        goal_id,
        series_id: seriesId,
        user_id,
        recurrence: json(recurrence),
        template: json(template),
        ended: false,
        updated_at,
      });
      return;
    }
    case 'TaskRecurrenceCleared':
      return series(event.data.seriesId, () => ({ ended: true }));
    case 'TaskOccurrenceCreated': {
      const { taskId, seriesId, occurrenceDate, dueDate } = event.data;
      return plan(taskId, {
        series_id: seriesId,
        occurrence_date: occurrenceDate,
        do_date: occurrenceDate,
        due_date: dueDate,
      });
    }
    case 'TaskSeriesUpdated':
      return series(event.data.seriesId, (current) => ({
        template: { ...current.template, ...json(event.data.changes) },
      }));
    case 'TaskTimeLogged':
      return timeEntry(event.data.taskId, event.data.actualMinutes, 'log', event.data.loggedAt ?? envelope.recordedAt);
    case 'TaskCompleted':
      if (event.data.actualMinutes !== undefined) {
        timeEntry(event.data.taskId, event.data.actualMinutes, 'completion', event.data.completedAt);
      }
      return;
    default:
      return assertNever(event);
  }
};

export const plannerEventTypes: readonly PlannerEvent['type'][] = [
  ...taskPlanningEventDefinitions.map((definition) => definition.type),
  taskTimeLogged.type,
  taskCompleted.type,
  userErased.type,
];

export const createPlannerProjection = (registry: EventRegistry) =>
  defineProjection<PlannerEvent>(
    {
      name: 'planner',
      tables: [taskPlansTable, taskSeriesTable, taskTimeEntriesTable],
      eventTypes: plannerEventTypes,
      keysOf: plannerKeysOf,
      apply: applyPlannerEvent,
    },
    registry,
  );
