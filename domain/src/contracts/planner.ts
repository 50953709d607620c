import { z } from 'zod';
import { localDateSchema } from '../dates/local-date';
import { overdueTargets } from '../planning/overdue-moves';
import { recurrenceRuleSchema } from '../recurrence/recurrence-rule';
import { energyLevelSchema } from '../tasks/energy-workflow';
import { taskStatusValues } from '../tasks/task-events';
import { positionSchema } from './common';
import { taskRowSchema, updateTaskBodySchema } from './goals';

/** HTTP contracts of the planner: dates, recurrence, the day's plan, search, export and import. */

/** A task with its planning side (do and due dates, series) and its goal's title. */
export const plannedTaskSchema = taskRowSchema.extend({
  goal_title: z.string(),
  do_date: localDateSchema.nullable(),
  due_date: localDateSchema.nullable(),
  series_id: z.string().nullable(),
  occurrence_date: localDateSchema.nullable(),
});
export type PlannedTaskRow = z.infer<typeof plannedTaskSchema>;

// POST /api/goals/:goalId/tasks/:taskId/schedule
export const scheduleTaskBodySchema = z.object({ do_date: localDateSchema.nullable() });
// POST /api/goals/:goalId/tasks/:taskId/due-date
export const dueDateBodySchema = z.object({ due_date: localDateSchema.nullable() });
// POST /api/goals/:goalId/tasks/:taskId/recurrence (rule null: the series ends with this occurrence)
export const recurrenceBodySchema = z.object({
  rule: recurrenceRuleSchema.nullable(),
  start_date: localDateSchema.optional(),
});
// PATCH /api/goals/:goalId/tasks/:taskId/occurrence: edit this occurrence, or all future ones too
export const editScopes = ['this', 'future'] as const;
export const editOccurrenceBodySchema = updateTaskBodySchema.extend({ scope: z.enum(editScopes).default('this') });
/** A planning command's answer: the task as planned now. */
export const plannedTaskMutationSchema = z.object({ task: plannedTaskSchema, position: positionSchema.nullable() });

// POST /api/planner/overdue/move: one (task_ids) or all overdue tasks to today, tomorrow or next week
export const moveOverdueBodySchema = z.object({
  target: z.enum(overdueTargets),
  task_ids: z.array(z.string().min(1).max(120)).min(1).max(500).optional(),
});
export const moveOverdueResponseSchema = z.object({
  moved: z.number().int(),
  do_date: localDateSchema,
  position: positionSchema.nullable(),
});

// GET /api/planner/today?energy=&availableMinutes=
export const todayQuerySchema = z.object({
  energy: energyLevelSchema.optional(),
  availableMinutes: z.coerce.number().int().min(1).max(1440).optional(),
  minPosition: positionSchema.optional(),
});
export const weekDaySchema = z.object({
  date: localDateSchema,
  planned_minutes: z.number().int(),
  open_tasks: z.number().int(),
  done_tasks: z.number().int(),
});
/** A habit's streak (domain/src/recurrence/habit-streak.ts), counted in the user's time zone. */
export const habitStreakSchema = z.object({
  current: z.number().int().min(0),
  longest: z.number().int().min(0),
  /** 'days' for a daily habit's occurrences; 'weeks' for "N times a week" habits. */
  unit: z.enum(['days', 'occurrences', 'weeks']),
});
export type HabitStreakView = z.infer<typeof habitStreakSchema>;
/** A task of the day's plan: a recurring one carries its habit's streak (null when it does not repeat). */
export const todayTaskSchema = plannedTaskSchema.extend({ habit_streak: habitStreakSchema.nullable() });
export type TodayTaskRow = z.infer<typeof todayTaskSchema>;
export const todayResponseSchema = z.object({
  today: localDateSchema,
  time_zone: z.string(),
  planned: z.array(todayTaskSchema),
  overdue: z.array(todayTaskSchema),
  /** Ids of the planned and overdue tasks that fit the energy and time given, best fit first. */
  suggested_ids: z.array(z.string()),
  /** Open tasks with no do date: what can be planned for today. */
  unplanned: z.array(todayTaskSchema),
  planned_minutes: z.number().int(),
  available_minutes: z.number().int().nullable(),
  over_by_minutes: z.number().int(),
  week: z.array(weekDaySchema).length(7),
});
export type TodayResponse = z.infer<typeof todayResponseSchema>;

// GET /api/planner/search?q=&goal_id=&energy=&from=&to=&status=
export const searchQuerySchema = z
  .object({
    q: z.string().trim().max(200).optional(),
    goal_id: z.string().min(1).max(120).optional(),
    energy: energyLevelSchema.optional(),
    status: z.enum(taskStatusValues).optional(),
    from: localDateSchema.optional(),
    to: localDateSchema.optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    message: 'from is after to',
    path: ['from'],
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;
export const searchGoalSchema = z.object({ id: z.string(), title: z.string(), status: z.string() });
export const searchResponseSchema = z.object({
  tasks: z.array(plannedTaskSchema),
  goals: z.array(searchGoalSchema),
});

// POST /api/planner/import (the JSON export) | /api/planner/import/todoist (a Todoist CSV, as text)
export const importResponseSchema = z.object({
  goals: z.number().int(),
  tasks: z.number().int(),
  position: positionSchema.nullable(),
});
export const todoistImportBodySchema = z.object({ csv: z.string().min(1).max(5_000_000) });

// POST /api/planner/calendar-feed (a new token URL; the old one stops working) | DELETE (revoke)
export const calendarFeedResponseSchema = z.object({ url: z.string().nullable() });

// POST /api/planner/quick-add: the line as typed (previewed in the web app with the same parser)
export const quickAddBodySchema = z.object({
  text: z.string().trim().min(1).max(1000),
  goal_id: z.string().min(1).max(120).optional(),
});
