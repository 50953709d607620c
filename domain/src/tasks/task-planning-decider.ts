import { z } from 'zod';
import {
  addDays,
  compareLocalDates,
  daysBetween,
  LENIENT_TIME_ZONE,
  localDateOf,
  localDateSchema,
  timeZoneSchema,
  type LocalDate,
} from '../dates/local-date';
import {
  firstOccurrence,
  nextOccurrenceAfter,
  recurrenceRuleSchema,
  type Recurrence,
  type RecurrenceRule,
} from '../recurrence/recurrence-rule';
import { changedFields, isEmpty } from '../shared/changed-fields';
import { createEvent } from '../shared/create-event';
import { DomainError } from '../shared/domain-error';
import { assertNever, type Command } from '../shared/event';
import { parseInput } from '../shared/parse-input';
import {
  taskUpdated,
  type Task,
  type TaskChanges,
  type TaskEvent,
  type TaskList,
  type TaskSeries,
  type TaskTemplate,
} from './task-events';
import {
  occurrenceDueDate,
  occurrenceTaskId,
  taskDueDateCleared,
  taskDueDateSet,
  taskOccurrenceCreated,
  taskRecurrenceCleared,
  taskRecurrenceSet,
  taskScheduled,
  taskSeriesUpdated,
  taskUnscheduled,
  type TaskPlanningEvent,
} from './task-planning-events';

/**
 * Planning commands on a goal's tasks. `timeZone` is the user's IANA zone: with `metadata.now` it gives
 * the user's today. Without it the domain assumes the last zone to reach a new day (LENIENT_TIME_ZONE),
 * so nobody is refused a date that is still today where they are.
 */
export type ScheduleTask = Command<'ScheduleTask', { taskId: string; doDate: LocalDate | null; timeZone?: string }>;
export type SetTaskDueDate = Command<
  'SetTaskDueDate',
  { taskId: string; dueDate: LocalDate | null; timeZone?: string }
>;
export type SetTaskRecurrence = Command<
  'SetTaskRecurrence',
  { taskId: string; rule: RecurrenceRule | null; startDate?: LocalDate; timeZone?: string }
>;
/** Edit a task's fields; on an occurrence, `scope: 'future'` also changes the occurrences to come. */
export type EditTask = Command<'EditTask', { taskId: string; changes: TaskChanges; scope?: EditScope }>;
/** Sent by the recurrence job, in the user's zone, as the goal's owner. */
export type CreateNextOccurrence = Command<'CreateNextOccurrence', { seriesId: string; timeZone: string }>;

export type EditScope = 'this' | 'future';

export type TaskPlanningCommand = ScheduleTask | SetTaskDueDate | SetTaskRecurrence | EditTask | CreateNextOccurrence;

const zone = { timeZone: timeZoneSchema.optional() };
const scheduleInput = z.object({ taskId: z.string().min(1), doDate: localDateSchema.nullable(), ...zone });
const dueInput = z.object({ taskId: z.string().min(1), dueDate: localDateSchema.nullable(), ...zone });
const recurrenceInput = z.object({
  taskId: z.string().min(1),
  rule: recurrenceRuleSchema.nullable(),
  startDate: localDateSchema.optional(),
  ...zone,
});
const nextOccurrenceInput = z.object({ seriesId: z.string().min(1), timeZone: timeZoneSchema });

const todayOf = (now: Date, timeZone: string | undefined): LocalDate => localDateOf(now, timeZone ?? LENIENT_TIME_ZONE);

const liveTask = (list: TaskList, taskId: string): Task => {
  const task = list.items.find((candidate) => candidate.taskId === taskId);
  if (!task || task.deletedAt !== null) throw new DomainError('not_found', 'Task not found', { field: 'taskId' });
  return task;
};

const openTask = (list: TaskList, taskId: string): Task => {
  const task = liveTask(list, taskId);
  if (task.status === 'done') throw new DomainError('illegal_state', 'Task is already completed');
  return task;
};

const seriesOf = (list: TaskList, seriesId: string): TaskSeries | undefined =>
  list.series.find((series) => series.seriesId === seriesId);

const later = (a: LocalDate, b: LocalDate): LocalDate => (compareLocalDates(a, b) >= 0 ? a : b);

const refusePast = (date: LocalDate, today: LocalDate, field: string, what: string): void => {
  if (compareLocalDates(date, today) < 0) {
    throw new DomainError('validation', `${what} is in the past`, { field, today });
  }
};

/** A do date is today or later in the user's zone; the same date again changes nothing. */
const schedule = ({ data, metadata }: ScheduleTask, list: TaskList): TaskPlanningEvent[] => {
  const { taskId, doDate, timeZone } = parseInput(scheduleInput, data);
  const task = openTask(list, taskId);
  if (doDate === null) return task.doDate === null ? [] : [createEvent(taskUnscheduled, { taskId })];
  if (doDate === task.doDate) return [];
  refusePast(doDate, todayOf(metadata.now, timeZone), 'doDate', 'Do date');
  return [createEvent(taskScheduled, { taskId, doDate })];
};

/** A due date is not before the day the task was created (in the user's zone); it may be before the do date. */
const setDueDate = ({ data }: SetTaskDueDate, list: TaskList): TaskPlanningEvent[] => {
  const { taskId, dueDate, timeZone } = parseInput(dueInput, data);
  const task = openTask(list, taskId);
  if (dueDate === null) return task.dueDate === null ? [] : [createEvent(taskDueDateCleared, { taskId })];
  if (dueDate === task.dueDate) return [];
  const createdOn = localDateOf(new Date(task.createdAt), timeZone ?? LENIENT_TIME_ZONE);
  if (compareLocalDates(dueDate, createdOn) < 0) {
    throw new DomainError('validation', 'Due date is before the task was created', { field: 'dueDate', createdOn });
  }
  return [createEvent(taskDueDateSet, { taskId, dueDate })];
};

const templateOf = (task: Task, occurrenceDate: LocalDate): TaskTemplate => ({
  title: task.title,
  description: task.description,
  estimatedMinutes: task.estimatedMinutes,
  energyLevel: task.energyLevel,
  dueOffsetDays: task.dueDate === null ? null : Math.max(0, daysBetween(occurrenceDate, task.dueDate)),
});

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Setting a rule makes the task the occurrence of the rule's first date on or after the start (given, or
 * the task's do date, or today; never before today); on an occurrence of a series it changes the series
 * from this occurrence on. Clearing ends the series with this occurrence.
 */
const setRecurrence = ({ data, metadata }: SetTaskRecurrence, list: TaskList): TaskPlanningEvent[] => {
  const { taskId, rule, startDate, timeZone } = parseInput(recurrenceInput, data);
  if (rule === null) {
    // A series can be ended from any live occurrence, a completed one too.
    const task = liveTask(list, taskId);
    const current = task.seriesId === null ? undefined : seriesOf(list, task.seriesId);
    if (current === undefined || current.ended) return [];
    return [createEvent(taskRecurrenceCleared, { taskId, seriesId: current.seriesId })];
  }
  const task = openTask(list, taskId);
  const current = task.seriesId === null ? undefined : seriesOf(list, task.seriesId);
  const today = todayOf(metadata.now, timeZone);
  if (startDate !== undefined) refusePast(startDate, today, 'startDate', 'Start date');
  const recurrence: Recurrence = {
    rule,
    startDate: startDate ?? (task.doDate === null ? today : later(task.doDate, today)),
  };
  const occurrenceDate = firstOccurrence(recurrence);
  if (occurrenceDate === null) throw new DomainError('validation', 'The rule has no occurrence', { field: 'rule' });
  const seriesId = task.seriesId ?? task.taskId;
  const template = templateOf(task, occurrenceDate);
  const unchanged =
    current !== undefined &&
    !current.ended &&
    task.occurrenceDate === occurrenceDate &&
    sameJson(current.recurrence, recurrence) &&
    sameJson(current.template, template);
  if (unchanged) return [];
  return [createEvent(taskRecurrenceSet, { taskId, seriesId, occurrenceDate, recurrence, template })];
};

const templateChanges = (changes: TaskChanges) => {
  const { title, description, estimatedMinutes, energyLevel } = changes;
  return Object.fromEntries(
    Object.entries({ title, description, estimatedMinutes, energyLevel }).filter(([, value]) => value !== undefined),
  ) as Partial<Omit<TaskTemplate, 'dueOffsetDays'>>;
};

const taskChanged = (task: Task, changes: TaskChanges): TaskEvent[] => {
  const changed = changedFields<TaskChanges>(task, changes);
  return isEmpty(changed) ? [] : [createEvent(taskUpdated, { taskId: task.taskId, changes: changed })];
};

/**
 * "Edit this occurrence" changes the task only (a one-off is always edited this way). "Edit all future
 * ones" also changes the series' template and every open occurrence after this one.
 */
const editTask = ({ data }: EditTask, list: TaskList): (TaskEvent | TaskPlanningEvent)[] => {
  const task = liveTask(list, data.taskId);
  const thisOne = taskChanged(task, data.changes);
  const series = task.seriesId === null ? undefined : seriesOf(list, task.seriesId);
  if (data.scope !== 'future' || series === undefined || task.occurrenceDate === null) return thisOne;
  const from = task.occurrenceDate;
  const laterOpen = list.items.filter(
    (other) =>
      other.seriesId === series.seriesId &&
      other.taskId !== task.taskId &&
      other.deletedAt === null &&
      other.status !== 'done' &&
      other.occurrenceDate !== null &&
      compareLocalDates(other.occurrenceDate, from) > 0,
  );
  const forTemplate = changedFields(series.template, templateChanges(data.changes));
  return [
    ...thisOne,
    ...laterOpen.flatMap((other) => taskChanged(other, data.changes)),
    ...(isEmpty(forTemplate)
      ? []
      : [createEvent(taskSeriesUpdated, { seriesId: series.seriesId, changes: forTemplate })]),
  ];
};

/**
 * The recurrence job's rule. The next occurrence after the series' latest one is created when the latest
 * is done (or deleted) or when the next date has come. Missed dates are not back-filled: a next date
 * already past moves to the first occurrence from today. The new task's id is derived from the series and
 * the date, so a job that runs twice (or races itself) creates it once.
 */
const createNextOccurrence = ({ data, metadata }: CreateNextOccurrence, list: TaskList): TaskPlanningEvent[] => {
  const { seriesId, timeZone } = parseInput(nextOccurrenceInput, data);
  const series = seriesOf(list, seriesId);
  if (series === undefined) throw new DomainError('not_found', 'Series not found', { field: 'seriesId' });
  if (series.ended) return [];
  const latest = list.items
    .filter((task) => task.seriesId === seriesId && task.occurrenceDate !== null)
    .reduce<Task | undefined>(
      (best, task) =>
        best === undefined || compareLocalDates(task.occurrenceDate ?? '', best.occurrenceDate ?? '') > 0 ? task : best,
      undefined,
    );
  if (latest?.occurrenceDate == null) return [];
  const today = localDateOf(metadata.now, timeZone);
  const afterLatest = nextOccurrenceAfter(series.recurrence, latest.occurrenceDate);
  const next =
    afterLatest !== null && compareLocalDates(afterLatest, today) < 0
      ? nextOccurrenceAfter(series.recurrence, addDays(today, -1))
      : afterLatest;
  if (next === null) return [];
  const settled = latest.status === 'done' || latest.deletedAt !== null;
  if (!settled && compareLocalDates(next, today) > 0) return [];
  const date = freeOccurrenceDate(list, series, next);
  if (date === null) return [];
  const { dueOffsetDays: _offset, ...fields } = series.template;
  return [
    createEvent(taskOccurrenceCreated, {
      taskId: occurrenceTaskId(seriesId, date),
      seriesId,
      occurrenceDate: date,
      ...fields,
      dueDate: occurrenceDueDate(series.template, date),
      createdAt: metadata.now.toISOString(),
    }),
  ];
};

/**
 * The date to create: `next`, unless its id is taken. Taken by the occurrence of that date means it was
 * created already (null: nothing to do). Taken by a task re-anchored to another date (a rule changed on
 * it) means the id is spent, so the following date is tried.
 */
const freeOccurrenceDate = (list: TaskList, series: TaskSeries, next: LocalDate): LocalDate | null => {
  let date: LocalDate | null = next;
  for (let tries = 0; date !== null && tries < 400; tries += 1) {
    const id = occurrenceTaskId(series.seriesId, date);
    const holder = list.items.find((task) => task.taskId === id);
    if (holder === undefined) return date;
    if (holder.occurrenceDate === date) return null;
    date = nextOccurrenceAfter(series.recurrence, date);
  }
  return null;
};

export const decideTaskPlanning = (command: TaskPlanningCommand, list: TaskList): (TaskEvent | TaskPlanningEvent)[] => {
  switch (command.type) {
    case 'ScheduleTask':
      return schedule(command, list);
    case 'SetTaskDueDate':
      return setDueDate(command, list);
    case 'SetTaskRecurrence':
      return setRecurrence(command, list);
    case 'EditTask':
      return editTask(command, list);
    case 'CreateNextOccurrence':
      return createNextOccurrence(command, list);
    default:
      return assertNever(command);
  }
};
