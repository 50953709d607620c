import { z } from 'zod';
import type { LocalDate } from '../dates/local-date';
import type { Recurrence } from '../recurrence/recurrence-rule';
import type { EventOf } from '../shared/create-event';
import { assertNever, defineEvent } from '../shared/event';
import { idSchema } from '../shared/id';
import { energyLevelSchema } from './energy-workflow';
import { batchKeys, type BatchFingerprint } from './task-dedupe';

/**
 * Task events. They are written to their goal's stream (the goal aggregate owns its tasks), so batch
 * de-duplication and soft deletes are decided against one consistent state.
 */

const isoInstant = z.iso.datetime();
/** Minutes of one task (estimated or spent): 1 to a day. */
export const taskMinutesSchema = z.number().int().min(1).max(1440);
const minutesSchema = taskMinutesSchema;

export const taskInputSchema = z.object({
  taskId: idSchema,
  title: z.string().trim().min(1).max(200),
  description: z.string().max(2000).nullish(),
  estimatedMinutes: minutesSchema,
  energyLevel: energyLevelSchema,
});
export type TaskInput = z.input<typeof taskInputSchema>;

export const taskSourceSchema = z.enum(['ai', 'manual', 'template']);
export type TaskSource = z.infer<typeof taskSourceSchema>;

const taskChangesSchema = taskInputSchema
  .omit({ taskId: true })
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, { message: 'At least one change is required' });
export type TaskChanges = z.input<typeof taskChangesSchema>;

const taskRef = { taskId: z.string().min(1) };

export const tasksBatchGenerated = defineEvent({
  type: 'TasksBatchGenerated',
  schemaVersion: 1,
  schema: z.object({
    batchId: idSchema,
    source: taskSourceSchema,
    tasks: z.array(taskInputSchema).min(1).max(100),
    aiMetadata: z.record(z.string(), z.unknown()).nullable(),
    generatedAt: isoInstant,
  }),
});

/** No command emits TaskAdded any more (manual tasks are a batch); it stays so stored events still read. */
export const taskAdded = defineEvent({
  type: 'TaskAdded',
  schemaVersion: 1,
  schema: taskInputSchema.extend({ addedAt: isoInstant }),
});

export const taskUpdated = defineEvent({
  type: 'TaskUpdated',
  schemaVersion: 1,
  schema: z.object({ ...taskRef, changes: taskChangesSchema }),
});

export const taskStarted = defineEvent({
  type: 'TaskStarted',
  schemaVersion: 1,
  schema: z.object({ ...taskRef, startedAt: isoInstant }),
});

export const taskCompleted = defineEvent({
  type: 'TaskCompleted',
  schemaVersion: 1,
  schema: z.object({ ...taskRef, completedAt: isoInstant, actualMinutes: minutesSchema.optional() }),
});

export const taskReopened = defineEvent({
  type: 'TaskReopened',
  schemaVersion: 1,
  schema: z.object(taskRef),
});

/**
 * `loggedAt` is set when the entry is older than the event (an import brings back a logged entry at its
 * own instant); without it the entry is as old as the event's recordedAt.
 */
export const taskTimeLogged = defineEvent({
  type: 'TaskTimeLogged',
  schemaVersion: 1,
  schema: z.object({ ...taskRef, actualMinutes: minutesSchema, loggedAt: isoInstant.optional() }),
});

export const taskDeleted = defineEvent({
  type: 'TaskDeleted',
  schemaVersion: 1,
  schema: z.object({ ...taskRef, deletedAt: isoInstant }),
});

export const taskEventDefinitions = [
  tasksBatchGenerated,
  taskAdded,
  taskUpdated,
  taskStarted,
  taskCompleted,
  taskReopened,
  taskTimeLogged,
  taskDeleted,
] as const;

export type TaskEvent = EventOf<(typeof taskEventDefinitions)[number]>;

export const taskStatusValues = ['todo', 'in_progress', 'done'] as const;
export type TaskStatus = (typeof taskStatusValues)[number];

export interface Task {
  readonly taskId: string;
  readonly title: string;
  readonly description: string | null;
  readonly estimatedMinutes: number;
  readonly energyLevel: z.infer<typeof energyLevelSchema>;
  readonly source: TaskSource;
  readonly status: TaskStatus;
  /** Minutes logged so far (TaskTimeLogged and TaskCompleted add up); null until any are logged. */
  readonly actualMinutes: number | null;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
  /** Soft delete: a deleted task stays in the list but accepts no further commands. */
  readonly deletedAt: string | null;
  /** The local date the user plans to do it (TaskScheduled); null when unplanned. */
  readonly doDate: LocalDate | null;
  /** The local date it must be done by (TaskDueDateSet); null when none. */
  readonly dueDate: LocalDate | null;
  /** The recurring series this task is an occurrence of, and the occurrence's own date; null for one-offs. */
  readonly seriesId: string | null;
  readonly occurrenceDate: LocalDate | null;
}

/** The fields every new occurrence of a series starts with ("edit all future ones" changes them). */
export interface TaskTemplate {
  readonly title: string;
  readonly description: string | null;
  readonly estimatedMinutes: number;
  readonly energyLevel: z.infer<typeof energyLevelSchema>;
  /** Days from an occurrence's date to its due date; null when occurrences have no due date. */
  readonly dueOffsetDays: number | null;
}

/** A recurring task: its rule, the template of its occurrences and whether it still runs. */
export interface TaskSeries {
  readonly seriesId: string;
  readonly recurrence: Recurrence;
  readonly template: TaskTemplate;
  /** Set when the recurrence is cleared: no occurrence is created any more. */
  readonly ended: boolean;
}

/** A goal's tasks, in the order they were added, and its last batch for the identical-batch rule. */
export interface TaskList {
  readonly items: readonly Task[];
  readonly lastBatch: BatchFingerprint | null;
  readonly series: readonly TaskSeries[];
}

export const emptyTaskList: TaskList = { items: [], lastBatch: null, series: [] };

export const newTask = (input: z.output<typeof taskInputSchema>, source: TaskSource, createdAt: string): Task => ({
  ...input,
  description: input.description ?? null,
  source,
  status: 'todo',
  actualMinutes: null,
  createdAt,
  startedAt: null,
  completedAt: null,
  deletedAt: null,
  doDate: null,
  dueDate: null,
  seriesId: null,
  occurrenceDate: null,
});

const addMinutes = (task: Task, minutes: number | undefined): number | null =>
  minutes === undefined ? task.actualMinutes : (task.actualMinutes ?? 0) + minutes;

export const evolveTasks = (list: TaskList, event: TaskEvent): TaskList => {
  const update = (taskId: string, change: (task: Task) => Partial<Task>): TaskList => ({
    ...list,
    items: list.items.map((task) => (task.taskId === taskId ? { ...task, ...change(task) } : task)),
  });
  switch (event.type) {
    case 'TasksBatchGenerated': {
      const { tasks, source, generatedAt } = event.data;
      return {
        ...list,
        items: [...list.items, ...tasks.map((task) => newTask(task, source, generatedAt))],
        lastBatch: { keys: batchKeys(tasks), generatedAt },
      };
    }
    case 'TaskAdded': {
      const { addedAt, ...task } = event.data;
      return { ...list, items: [...list.items, newTask(task, 'manual', addedAt)] };
    }
    case 'TaskUpdated':
      return update(event.data.taskId, () => event.data.changes);
    case 'TaskStarted':
      return update(event.data.taskId, () => ({ status: 'in_progress', startedAt: event.data.startedAt }));
    case 'TaskCompleted':
      return update(event.data.taskId, (task) => ({
        status: 'done',
        completedAt: event.data.completedAt,
        actualMinutes: addMinutes(task, event.data.actualMinutes),
      }));
    case 'TaskReopened':
      return update(event.data.taskId, () => ({ status: 'todo', completedAt: null }));
    case 'TaskTimeLogged':
      return update(event.data.taskId, (task) => ({ actualMinutes: addMinutes(task, event.data.actualMinutes) }));
    case 'TaskDeleted':
      return update(event.data.taskId, () => ({ deletedAt: event.data.deletedAt }));
    default:
      return assertNever(event);
  }
};
