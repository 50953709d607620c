import { z } from 'zod';
import { addDays, localDateSchema } from '../dates/local-date';
import { recurrenceSchema } from '../recurrence/recurrence-rule';
import type { EventOf } from '../shared/create-event';
import { assertNever, defineEvent } from '../shared/event';
import { energyLevelSchema } from './energy-workflow';
import { newTask, taskInputSchema, type Task, type TaskList, type TaskSeries } from './task-events';

/**
 * Planning events of a goal's tasks: do and due dates, recurrence and the occurrences of a series. Like
 * the other task events they are written to the goal's stream. They are a union of their own
 * (`TaskPlanningEvent`) so the read models that switch over `TaskEvent` keep compiling until they take
 * these on; `GoalStreamEvent` (goal-events.ts) is everything a goal stream holds.
 */

const isoInstant = z.iso.datetime();
const taskId = z.string().min(1);
const seriesId = z.string().min(1).max(100);

export const taskTemplateSchema = z.object({
  title: taskInputSchema.shape.title,
  description: z.string().max(2000).nullable(),
  estimatedMinutes: taskInputSchema.shape.estimatedMinutes,
  energyLevel: energyLevelSchema,
  dueOffsetDays: z.number().int().min(0).max(3660).nullable(),
});

export const taskTemplateChangesSchema = taskTemplateSchema
  .omit({ dueOffsetDays: true })
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, { message: 'At least one change is required' });

export const taskScheduled = defineEvent({
  type: 'TaskScheduled',
  schemaVersion: 1,
  schema: z.object({ taskId, doDate: localDateSchema }),
});

export const taskUnscheduled = defineEvent({
  type: 'TaskUnscheduled',
  schemaVersion: 1,
  schema: z.object({ taskId }),
});

export const taskDueDateSet = defineEvent({
  type: 'TaskDueDateSet',
  schemaVersion: 1,
  schema: z.object({ taskId, dueDate: localDateSchema }),
});

export const taskDueDateCleared = defineEvent({
  type: 'TaskDueDateCleared',
  schemaVersion: 1,
  schema: z.object({ taskId }),
});

/**
 * The task repeats: it starts series `seriesId` (its own id when it was a one-off) as the occurrence of
 * `occurrenceDate`, or, on an occurrence of an existing series, the series takes the new rule and
 * template from this occurrence on.
 */
export const taskRecurrenceSet = defineEvent({
  type: 'TaskRecurrenceSet',
  schemaVersion: 1,
  schema: z.object({
    taskId,
    seriesId,
    occurrenceDate: localDateSchema,
    recurrence: recurrenceSchema,
    template: taskTemplateSchema,
  }),
});

/** The series ends with this occurrence: no more occurrences are created; the task stays as it is. */
export const taskRecurrenceCleared = defineEvent({
  type: 'TaskRecurrenceCleared',
  schemaVersion: 1,
  schema: z.object({ taskId, seriesId }),
});

/**
 * The next occurrence of a series, as a new task planned on its date. Its id is `occurrenceTaskId(seriesId,
 * occurrenceDate)`, so the job that creates it can run twice and still create one.
 */
export const taskOccurrenceCreated = defineEvent({
  type: 'TaskOccurrenceCreated',
  schemaVersion: 1,
  schema: z.object({
    taskId: z.string().min(1).max(120),
    seriesId,
    occurrenceDate: localDateSchema,
    title: taskTemplateSchema.shape.title,
    description: taskTemplateSchema.shape.description,
    estimatedMinutes: taskTemplateSchema.shape.estimatedMinutes,
    energyLevel: energyLevelSchema,
    dueDate: localDateSchema.nullable(),
    createdAt: isoInstant,
  }),
});

/** "Edit all future ones": the template of the occurrences not created yet. */
export const taskSeriesUpdated = defineEvent({
  type: 'TaskSeriesUpdated',
  schemaVersion: 1,
  schema: z.object({ seriesId, changes: taskTemplateChangesSchema }),
});

export const taskPlanningEventDefinitions = [
  taskScheduled,
  taskUnscheduled,
  taskDueDateSet,
  taskDueDateCleared,
  taskRecurrenceSet,
  taskRecurrenceCleared,
  taskOccurrenceCreated,
  taskSeriesUpdated,
] as const;

export type TaskPlanningEvent = EventOf<(typeof taskPlanningEventDefinitions)[number]>;

/** The deterministic id of a series' occurrence on a date. */
export const occurrenceTaskId = (series: string, occurrenceDate: string): string => `${series}@${occurrenceDate}`;

const updateTask = (list: TaskList, id: string, change: (task: Task) => Partial<Task>): TaskList => ({
  ...list,
  items: list.items.map((task) => (task.taskId === id ? { ...task, ...change(task) } : task)),
});

const updateSeries = (list: TaskList, id: string, change: (series: TaskSeries) => Partial<TaskSeries>): TaskList => ({
  ...list,
  series: list.series.map((series) => (series.seriesId === id ? { ...series, ...change(series) } : series)),
});

const putSeries = (list: TaskList, series: TaskSeries): TaskList => ({
  ...list,
  series: [...list.series.filter((known) => known.seriesId !== series.seriesId), series],
});

export const evolveTaskPlanning = (list: TaskList, event: TaskPlanningEvent): TaskList => {
  switch (event.type) {
    case 'TaskScheduled':
      return updateTask(list, event.data.taskId, () => ({ doDate: event.data.doDate }));
    case 'TaskUnscheduled':
      return updateTask(list, event.data.taskId, () => ({ doDate: null }));
    case 'TaskDueDateSet':
      return updateTask(list, event.data.taskId, () => ({ dueDate: event.data.dueDate }));
    case 'TaskDueDateCleared':
      return updateTask(list, event.data.taskId, () => ({ dueDate: null }));
    case 'TaskRecurrenceSet': {
      const { taskId: id, seriesId: series, occurrenceDate, recurrence, template } = event.data;
      const withTask = updateTask(list, id, () => ({ seriesId: series, occurrenceDate, doDate: occurrenceDate }));
      return putSeries(withTask, { seriesId: series, recurrence, template, ended: false });
    }
    case 'TaskRecurrenceCleared':
      return updateSeries(list, event.data.seriesId, () => ({ ended: true }));
    case 'TaskOccurrenceCreated': {
      const { taskId: id, seriesId: series, occurrenceDate, dueDate, createdAt, ...fields } = event.data;
      const task: Task = {
        ...newTask({ taskId: id, ...fields }, 'template', createdAt),
        doDate: occurrenceDate,
        dueDate,
        seriesId: series,
        occurrenceDate,
      };
      return { ...list, items: [...list.items, task] };
    }
    case 'TaskSeriesUpdated':
      return updateSeries(list, event.data.seriesId, (series) => ({
        template: { ...series.template, ...event.data.changes },
      }));
    default:
      return assertNever(event);
  }
};

/** The due date of an occurrence on `occurrenceDate` under a template. */
export const occurrenceDueDate = (template: TaskSeries['template'], occurrenceDate: string): string | null =>
  template.dueOffsetDays === null ? null : addDays(occurrenceDate, template.dueOffsetDays);
