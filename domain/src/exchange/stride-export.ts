import { z } from 'zod';
import { localDateSchema } from '../dates/local-date';
import { evolve, goalPrioritySchema, initialState, type GoalStreamEvent } from '../goals/goal-events';
import { recurrenceSchema } from '../recurrence/recurrence-rule';
import { energyLevelSchema } from '../tasks/energy-workflow';
import { taskSourceSchema } from '../tasks/task-events';
import { taskTemplateSchema } from '../tasks/task-planning-events';
import { templateFields } from '../templates/template-events';
import { preferencesSchema } from '../users/user-events';

/**
 * The lossless JSON export of everything a user owns: goals with their tasks (each with its history of
 * status changes and its logged time), recurring series, collections, goal templates and preferences. Soft-deleted
 * goals and tasks are included with their `deletedAt`, so nothing the user made is lost; an importer
 * decides whether to bring them back.
 */
const isoInstant = z.iso.datetime();
const id = z.string().min(1).max(120);

export const EXPORT_FORMAT = 'stride.export';
export const EXPORT_VERSION = 1;

const taskStatusSchema = z.enum(['todo', 'in_progress', 'done']);
const goalStatusSchema = z.enum(['active', 'completed', 'abandoned']);

export const exportedTaskSchema = z.object({
  taskId: id,
  title: z.string().min(1).max(200),
  description: z.string().max(2000).nullable(),
  estimatedMinutes: z.number().int().min(1).max(1440),
  energyLevel: energyLevelSchema,
  source: taskSourceSchema,
  status: taskStatusSchema,
  createdAt: isoInstant,
  startedAt: isoInstant.nullable(),
  completedAt: isoInstant.nullable(),
  deletedAt: isoInstant.nullable(),
  doDate: localDateSchema.nullable(),
  dueDate: localDateSchema.nullable(),
  seriesId: id.nullable(),
  occurrenceDate: localDateSchema.nullable(),
  /** Every status the task went through, oldest first, starting with `todo` at creation. */
  statusHistory: z.array(z.object({ status: taskStatusSchema, at: isoInstant })).min(1),
  /** Every time entry: logged on its own, or given when completing. */
  timeLog: z.array(
    z.object({ minutes: z.number().int().min(1).max(1440), at: isoInstant, via: z.enum(['log', 'completion']) }),
  ),
});
export type ExportedTask = z.infer<typeof exportedTaskSchema>;

export const exportedSeriesSchema = z.object({
  seriesId: id,
  recurrence: recurrenceSchema,
  template: taskTemplateSchema,
  ended: z.boolean(),
});

export const exportedGoalSchema = z.object({
  goalId: id,
  title: z.string().min(1).max(200),
  description: z.string().max(2000),
  category: z.string().min(1).max(50),
  priority: goalPrioritySchema,
  targetDate: localDateSchema.nullable(),
  status: goalStatusSchema,
  createdAt: isoInstant,
  completedAt: isoInstant.nullable(),
  deletedAt: isoInstant.nullable(),
  /** The metadata of the goal's last AI breakdown, when it had one. */
  aiMetadata: z.record(z.string(), z.json()).nullable(),
  statusHistory: z
    .array(z.object({ status: goalStatusSchema, at: isoInstant, reason: z.string().max(500).optional() }))
    .min(1),
  tasks: z.array(exportedTaskSchema),
  series: z.array(exportedSeriesSchema),
});
export type ExportedGoal = z.infer<typeof exportedGoalSchema>;

export const exportedCollectionSchema = z.object({
  collectionId: id,
  name: z.string().min(1).max(100),
  description: z.string().max(500).nullable(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullable(),
  goalIds: z.array(id),
  deleted: z.boolean(),
});

/** One of the user's own goal templates (the fields as stored: template-events.ts). */
export const exportedTemplateSchema = z.object({
  templateId: id,
  ...templateFields,
  /** The goal it was saved from, when that goal is in the export. */
  sourceGoalId: id.nullable(),
});
export type ExportedTemplate = z.infer<typeof exportedTemplateSchema>;

export const strideExportSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSION),
    exportedAt: isoInstant,
    user: z.object({ userId: id, email: z.string().max(320), name: z.string().max(200) }),
    preferences: preferencesSchema,
    goals: z.array(exportedGoalSchema),
    collections: z.array(exportedCollectionSchema),
    /** Absent in exports made before templates existed. */
    templates: z.array(exportedTemplateSchema).default([]),
  })
  .superRefine((data, context) => {
    const goalIds = new Set(data.goals.map((goal) => goal.goalId));
    if (goalIds.size !== data.goals.length)
      context.addIssue({ code: 'custom', message: 'Goal ids repeat', path: ['goals'] });
    const taskIds = data.goals.flatMap((goal) => goal.tasks.map((task) => task.taskId));
    if (new Set(taskIds).size !== taskIds.length) {
      context.addIssue({ code: 'custom', message: 'Task ids repeat', path: ['goals'] });
    }
    data.collections.forEach((collection, index) => {
      if (collection.goalIds.some((goalId) => !goalIds.has(goalId))) {
        context.addIssue({
          code: 'custom',
          message: 'A collection names a goal not in the export',
          path: ['collections', index],
        });
      }
    });
  });
export type StrideExport = z.infer<typeof strideExportSchema>;

/** A goal-stream event with the instant the store recorded it (the envelope's recordedAt). */
export interface RecordedGoalEvent {
  readonly event: GoalStreamEvent;
  readonly recordedAt: string;
}

type TaskHistory = Pick<ExportedTask, 'statusHistory' | 'timeLog'>;

const taskIdsOf = (event: GoalStreamEvent): string[] => {
  switch (event.type) {
    case 'TasksBatchGenerated':
      return event.data.tasks.map((task) => task.taskId);
    case 'TaskSeriesUpdated':
      return [];
    default:
      return 'taskId' in event.data ? [event.data.taskId] : [];
  }
};

/**
 * The export of one goal from its stream's events, oldest first. Status histories and time logs come
 * from the events (with the recorded instant where an event carries no time of its own). null when the
 * stream holds no GoalCreated.
 */
export const goalExportOf = (events: readonly RecordedGoalEvent[]): ExportedGoal | null => {
  const state = events.map(({ event }) => event).reduce(evolve, initialState());
  if (state === null) return null;
  const goalHistory: ExportedGoal['statusHistory'] = [];
  const history = new Map<string, TaskHistory>();
  const entry = (taskId: string): TaskHistory => {
    const known = history.get(taskId) ?? { statusHistory: [], timeLog: [] };
    history.set(taskId, known);
    return known;
  };
  let aiMetadata: ExportedGoal['aiMetadata'] = null;
  for (const { event, recordedAt } of events) {
    switch (event.type) {
      case 'GoalCreated':
        goalHistory.push({ status: 'active', at: event.data.createdAt });
        break;
      case 'GoalCompleted':
        goalHistory.push({ status: 'completed', at: event.data.completedAt });
        break;
      case 'GoalAbandoned':
        goalHistory.push({
          status: 'abandoned',
          at: event.data.abandonedAt,
          ...(event.data.reason !== undefined && { reason: event.data.reason }),
        });
        break;
      case 'GoalReactivated':
        goalHistory.push({ status: 'active', at: recordedAt });
        break;
      case 'TasksBatchGenerated':
        if (event.data.aiMetadata !== null)
          aiMetadata = JSON.parse(JSON.stringify(event.data.aiMetadata)) as typeof aiMetadata;
        for (const taskId of taskIdsOf(event))
          entry(taskId).statusHistory.push({ status: 'todo', at: event.data.generatedAt });
        break;
      case 'TaskAdded':
        entry(event.data.taskId).statusHistory.push({ status: 'todo', at: event.data.addedAt });
        break;
      case 'TaskOccurrenceCreated':
        entry(event.data.taskId).statusHistory.push({ status: 'todo', at: event.data.createdAt });
        break;
      case 'TaskStarted':
        entry(event.data.taskId).statusHistory.push({ status: 'in_progress', at: event.data.startedAt });
        break;
      case 'TaskCompleted': {
        const { taskId, completedAt, actualMinutes } = event.data;
        entry(taskId).statusHistory.push({ status: 'done', at: completedAt });
        if (actualMinutes !== undefined)
          entry(taskId).timeLog.push({ minutes: actualMinutes, at: completedAt, via: 'completion' });
        break;
      }
      case 'TaskReopened':
        entry(event.data.taskId).statusHistory.push({ status: 'todo', at: recordedAt });
        break;
      case 'TaskTimeLogged':
        entry(event.data.taskId).timeLog.push({
          minutes: event.data.actualMinutes,
          at: event.data.loggedAt ?? recordedAt,
          via: 'log',
        });
        break;
      default:
        break;
    }
  }
  const tasks = state.tasks.items.map((task): ExportedTask => {
    const { statusHistory, timeLog } = history.get(task.taskId) ?? { statusHistory: [], timeLog: [] };
    return {
      taskId: task.taskId,
      title: task.title,
      description: task.description,
      estimatedMinutes: task.estimatedMinutes,
      energyLevel: task.energyLevel,
      source: task.source,
      status: task.status,
      createdAt: task.createdAt,
      startedAt: task.startedAt,
      completedAt: task.completedAt,
      deletedAt: task.deletedAt,
      doDate: task.doDate,
      dueDate: task.dueDate,
      seriesId: task.seriesId,
      occurrenceDate: task.occurrenceDate,
      statusHistory: statusHistory.length > 0 ? statusHistory : [{ status: 'todo', at: task.createdAt }],
      timeLog,
    };
  });
  return {
    goalId: state.goalId,
    title: state.title,
    description: state.description,
    category: state.category,
    priority: state.priority,
    targetDate: state.targetDate,
    status: state.status,
    createdAt: state.createdAt,
    completedAt: state.completedAt,
    deletedAt: state.deletedAt,
    aiMetadata,
    statusHistory: goalHistory,
    tasks,
    series: state.tasks.series.map(({ seriesId, recurrence, template, ended }) => ({
      seriesId,
      recurrence,
      template,
      ended,
    })),
  };
};
