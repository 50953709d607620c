import { z } from 'zod';
import {
  DEFAULT_CATEGORY,
  DEFAULT_PRIORITY,
  goalFields,
  goalLimits,
  goalPrioritySchema,
  goalStatusValues,
} from '../goals/goal-events';
import { energyLevelSchema } from '../tasks/energy-workflow';
import { taskInputSchema, taskMinutesSchema, taskSourceSchema, taskStatusValues } from '../tasks/task-events';
import { idSchema, isoDateSchema, positionSchema } from './common';

export { goalStatusValues, taskStatusValues };

/** A task as the API serves it (the stored shape of spec section 3, plus energy and status). */
export const taskRowSchema = z.object({
  id: z.string(),
  goal_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  estimated_minutes: z.number().int(),
  actual_minutes: z.number().int().nullable(),
  energy_level: energyLevelSchema,
  status: z.enum(taskStatusValues),
  source: taskSourceSchema,
  created_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
});
export type TaskRow = z.infer<typeof taskRowSchema>;

/** A goal as stored (spec section 3), plus counts and the stream version used for If-Match. */
export const goalRowSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  priority: goalPrioritySchema,
  target_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
  status: z.enum(goalStatusValues),
  generated_tasks: z.array(taskRowSchema),
  ai_metadata: z.record(z.string(), z.unknown()).nullable(),
  task_count: z.number().int(),
  completed_task_count: z.number().int(),
  collection_ids: z.array(z.string()),
  version: z.number().int(),
});
export type GoalRow = z.infer<typeof goalRowSchema>;

// GET /api/goals/list?status=active|completed|abandoned  and GET /api/goals/list-simple (same answer)
export const listGoalsQuerySchema = z.object({ status: z.enum(goalStatusValues).optional() });
export const listGoalsResponseSchema = z.array(goalRowSchema);

// GET /api/goals/:goalId -> goalRowSchema (ETag: the version)

// POST /api/goals/create-simple (counts a goal of the monthly limit inside the same command)
export const createGoalBodySchema = z.object({
  // the client's key for the goal (optimistic UI); the goal's id is derived from (user, key), so it differs
  id: idSchema.optional(),
  title: z.string().trim().min(1, 'Title is required').max(goalLimits.titleMax),
  description: goalFields.description.default(''),
  target_date: isoDateSchema.nullish(),
  category: goalFields.category.default(DEFAULT_CATEGORY),
  priority: goalPrioritySchema.default(DEFAULT_PRIORITY),
  status: z.literal('active').default('active'),
});
export const goalMutationResponseSchema = z.object({ goal: goalRowSchema, position: positionSchema });

// POST /api/goals/update  (If-Match header or expectedVersion: optimistic concurrency, 409 on conflict)
export const updateGoalBodySchema = z.object({
  goalId: idSchema,
  expectedVersion: z.number().int().nonnegative().optional(),
  updates: z
    .object({
      title: goalFields.title,
      description: goalFields.description,
      category: goalFields.category,
      priority: goalPrioritySchema,
      target_date: isoDateSchema.nullable(),
      status: z.enum(goalStatusValues),
    })
    .partial()
    .refine((u) => Object.keys(u).length > 0, { message: 'At least one update is required' }),
});

// POST /api/goals/delete
export const deleteGoalBodySchema = z.object({ goalId: idSchema });

// POST /api/goals/:goalId/tasks  (manual tasks; de-duplicated by the spec's batch rule)
const taskFields = taskInputSchema.shape;
export const newTaskSchema = z.object({
  title: taskFields.title,
  description: taskFields.description,
  estimated_minutes: taskMinutesSchema.default(30),
  energy_level: energyLevelSchema.default('medium'),
});
export const addTasksBodySchema = z.object({ tasks: z.array(newTaskSchema).min(1).max(50) });
export const tasksMutationResponseSchema = z.object({
  tasks: z.array(taskRowSchema),
  added: z.number().int(),
  position: positionSchema.nullable(),
});

// POST /api/goals/:goalId/tasks/reorder  (the new order of all of the goal's live tasks, first to last)
export const reorderTasksBodySchema = z.object({ task_ids: z.array(idSchema).min(1).max(1000) });
export const reorderTasksResponseSchema = z.object({
  tasks: z.array(taskRowSchema),
  /** null when the order was already this one (nothing was appended). */
  position: positionSchema.nullable(),
});
export type ReorderTasksResponse = z.infer<typeof reorderTasksResponseSchema>;

// PATCH /api/goals/:goalId/tasks/:taskId
export const updateTaskBodySchema = z
  .object({
    title: taskFields.title,
    description: taskFields.description,
    estimated_minutes: taskMinutesSchema,
    energy_level: energyLevelSchema,
  })
  .partial();
// POST /api/goals/:goalId/tasks/:taskId/start | complete | reopen ; DELETE .../:taskId (soft delete)
export const completeTaskBodySchema = z.object({ actual_minutes: taskMinutesSchema.optional() });
// POST /api/goals/:goalId/tasks/:taskId/log-time
export const logTimeBodySchema = z.object({ actual_minutes: taskMinutesSchema });
export const taskMutationResponseSchema = z.object({ task: taskRowSchema, position: positionSchema });

// GET /api/tasks/energy?level=low|medium|high&availableMinutes=
export const energyQuerySchema = z.object({
  level: energyLevelSchema,
  availableMinutes: z.coerce.number().int().min(1).max(1440).optional(),
});
export const energyTaskSchema = taskRowSchema.extend({ goal_title: z.string() });
export const energyResponseSchema = z.array(energyTaskSchema);

// POST /api/goals/:goalId/breakdown (AI; counts one AI generation in the same transaction as the tasks)
export const breakdownResponseSchema = z.object({
  tasks: z.array(taskRowSchema),
  added: z.number().int(),
  ai_metadata: z.record(z.string(), z.unknown()),
  ai_generations_this_month: z.number().int(),
  position: positionSchema,
});
