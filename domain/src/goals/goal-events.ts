import { z } from 'zod';
import { calendarDateSchema } from '../shared/calendar';
import type { EventOf } from '../shared/create-event';
import { assertNever, defineEvent } from '../shared/event';
import { idSchema } from '../shared/id';
import { emptyTaskList, evolveTasks, type TaskEvent, type TaskList } from '../tasks/task-events';
import { evolveTaskPlanning, type TaskPlanningEvent } from '../tasks/task-planning-events';
import { emptySubtaskList, evolveSubtasks, type SubtaskEvent, type SubtaskList } from '../tasks/subtask-events';
import { evolveTaskOrder, type TaskOrderEvent } from '../tasks/task-order-events';

const isoInstant = z.iso.datetime();

export const goalPrioritySchema = z.enum(['low', 'medium', 'high']);
export type GoalPriority = z.infer<typeof goalPrioritySchema>;
export const goalStatusValues = ['active', 'completed', 'abandoned'] as const;
export type GoalStatus = (typeof goalStatusValues)[number];

/**
 * The goal categories the app offers, declared once (the web app's goal form lists them). A goal's category is
 * free text (goalFields.category): these are suggestions, not a closed set, so older or API-made goals may
 * carry others.
 */
export const goalCategoryValues = [
  'personal',
  'career',
  'health',
  'learning',
  'finance',
  'relationships',
  'creative',
  'home',
] as const;
export type GoalCategory = (typeof goalCategoryValues)[number];

export const DEFAULT_CATEGORY: GoalCategory = 'personal';
export const DEFAULT_PRIORITY: GoalPriority = 'medium';

/** The longest goal title, description and category (characters), for events and requests alike. */
export const goalLimits = { titleMax: 200, descriptionMax: 2000, categoryMax: 50 } as const;

/** A goal's fields as stored; the HTTP contracts build on them. */
export const goalFields = {
  title: z.string().trim().min(1).max(goalLimits.titleMax),
  description: z.string().max(goalLimits.descriptionMax),
  category: z.string().trim().min(1).max(goalLimits.categoryMax),
  priority: goalPrioritySchema,
  targetDate: calendarDateSchema.nullable(),
};

/** GoalCreated as first stored: without category and priority. */
const goalCreatedV1Schema = z.object({
  goalId: idSchema,
  userId: z.string().min(1),
  title: goalFields.title,
  description: goalFields.description,
  targetDate: goalFields.targetDate,
  createdAt: isoInstant,
});

export const goalCreated = defineEvent({
  type: 'GoalCreated',
  schemaVersion: 2,
  schema: goalCreatedV1Schema.extend({ category: goalFields.category, priority: goalFields.priority }),
  upcasters: {
    1: (data) => ({ ...goalCreatedV1Schema.parse(data), category: DEFAULT_CATEGORY, priority: DEFAULT_PRIORITY }),
  },
});

export const goalChangesSchema = z
  .object(goalFields)
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, { message: 'At least one change is required' });
export type GoalChanges = z.input<typeof goalChangesSchema>;

export const goalUpdated = defineEvent({
  type: 'GoalUpdated',
  schemaVersion: 1,
  schema: z.object({ changes: goalChangesSchema }),
});

export const goalCompleted = defineEvent({
  type: 'GoalCompleted',
  schemaVersion: 1,
  schema: z.object({ completedAt: isoInstant }),
});

export const goalAbandoned = defineEvent({
  type: 'GoalAbandoned',
  schemaVersion: 1,
  schema: z.object({ abandonedAt: isoInstant, reason: z.string().max(500).optional() }),
});

export const goalReactivated = defineEvent({
  type: 'GoalReactivated',
  schemaVersion: 1,
  schema: z.object({}),
});

export const goalDeleted = defineEvent({
  type: 'GoalDeleted',
  schemaVersion: 1,
  schema: z.object({ deletedAt: isoInstant }),
});

export const goalEventDefinitions = [
  goalCreated,
  goalUpdated,
  goalCompleted,
  goalAbandoned,
  goalReactivated,
  goalDeleted,
] as const;

/** A goal's own lifecycle events and its tasks' events, as the read models know them today. */
export type GoalEvent = EventOf<(typeof goalEventDefinitions)[number]> | TaskEvent;

/**
 * Everything a goal's stream holds: GoalEvent plus the tasks' planning events (dates, recurrence). Kept
 * apart from GoalEvent until the read models handle the planning events; then the two can merge.
 */
export type GoalStreamEvent = GoalEvent | TaskPlanningEvent | SubtaskEvent | TaskOrderEvent;

export interface Goal {
  readonly goalId: string;
  readonly userId: string;
  readonly title: string;
  readonly description: string;
  readonly category: string;
  readonly priority: GoalPriority;
  readonly targetDate: string | null;
  readonly createdAt: string;
  readonly status: GoalStatus;
  readonly completedAt: string | null;
  /** Soft delete: the events stay, but a deleted goal accepts no more commands. */
  readonly deletedAt: string | null;
  readonly tasks: TaskList;
  /** The sub-steps of its tasks (one level, subtask-events.ts). */
  readonly subtasks: SubtaskList;
}

/** null until GoalCreated. */
export type GoalState = Goal | null;

export const initialState = (): GoalState => null;

export const evolve = (state: GoalState, event: GoalStreamEvent): GoalState => {
  if (event.type === 'GoalCreated') {
    return {
      ...event.data,
      status: 'active',
      completedAt: null,
      deletedAt: null,
      tasks: emptyTaskList,
      subtasks: emptySubtaskList,
    };
  }
  if (state === null) return state;
  switch (event.type) {
    case 'GoalUpdated':
      return { ...state, ...event.data.changes };
    case 'GoalCompleted':
      return { ...state, status: 'completed', completedAt: event.data.completedAt };
    case 'GoalAbandoned':
      return { ...state, status: 'abandoned' };
    case 'GoalReactivated':
      return { ...state, status: 'active', completedAt: null };
    case 'GoalDeleted':
      return { ...state, deletedAt: event.data.deletedAt };
    case 'TasksBatchGenerated':
    case 'TaskAdded':
    case 'TaskUpdated':
    case 'TaskStarted':
    case 'TaskCompleted':
    case 'TaskReopened':
    case 'TaskTimeLogged':
    case 'TaskDeleted':
      return { ...state, tasks: evolveTasks(state.tasks, event) };
    case 'TaskScheduled':
    case 'TaskUnscheduled':
    case 'TaskDueDateSet':
    case 'TaskDueDateCleared':
    case 'TaskRecurrenceSet':
    case 'TaskRecurrenceCleared':
    case 'TaskOccurrenceCreated':
    case 'TaskSeriesUpdated':
      return { ...state, tasks: evolveTaskPlanning(state.tasks, event) };
    case 'TaskBrokenDown':
    case 'SubtaskCompleted':
    case 'SubtaskReopened':
    case 'SubtaskRemoved':
      return { ...state, subtasks: evolveSubtasks(state.subtasks ?? emptySubtaskList, event) };
    case 'TasksReordered':
      return { ...state, tasks: evolveTaskOrder(state.tasks, event) };
    default:
      return assertNever(event);
  }
};
