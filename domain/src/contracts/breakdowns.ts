import { z } from 'zod';
import { GENERATED_TASK_LIMITS, stepGranularitySchema } from '../ai/breakdown';
import { energyLevelSchema } from '../tasks/energy-workflow';
import { SUBTASKS_PER_TASK_MAX } from '../tasks/subtask-events';
import { isoDateSchema, positionSchema } from './common';
import { taskRowSchema } from './goals';

/**
 * Breakdown drafts and sub-steps (issue 14). What counts against the monthly AI limit is decided in
 * docs/decisions.md ("AI breakdowns: drafts, sub-steps and the AI counter"): a draft or a whole new
 * list 1, a regenerated step 0, saving 0, breaking a task into sub-steps 1.
 */

const L = GENERATED_TASK_LIMITS;

/** One step of a draft, as the user reviews and edits it (not saved yet). */
export const draftStepSchema = z.object({
  title: z.string().trim().min(1).max(L.titleMax),
  estimated_minutes: z.number().int().min(L.minutesMin).max(L.minutesMax),
  energy_level: energyLevelSchema,
  description: z.string().max(L.descriptionMax).nullish(),
  /** The do-date the planner suggests (spread over the weeks before the target date); null when none. */
  suggested_date: isoDateSchema.nullish(),
});
export type DraftStep = z.infer<typeof draftStepSchema>;

/** How the user wants the goal broken down. */
export const draftOptionsSchema = z.object({
  granularity: stepGranularitySchema.default('normal'),
  easiest_first: z.boolean().default(false),
  /** Minutes a week the user has for this goal (for the overload warning); null or absent when unsaid. */
  available_minutes_per_week: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .nullish(),
  /** 0 for a first draft; higher when the user asks for a whole new list. */
  variant: z.number().int().min(0).max(1000).default(0),
});
export type DraftOptions = z.infer<typeof draftOptionsSchema>;

/** Where the steps came from, as the UI labels it. */
export const plannerSourceSchema = z.object({
  provider: z.string(),
  model: z.string(),
  /** "Built-in planner, works offline", or the model's name. */
  label: z.string(),
  fallback: z.boolean(),
});
export type PlannerSource = z.infer<typeof plannerSourceSchema>;

export const overloadOptionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('move-target-date'), target_date: isoDateSchema }),
  z.object({ kind: z.literal('trim-steps'), keep_steps: z.number().int(), minutes: z.number().int() }),
]);

export const overloadSchema = z.object({
  plan_minutes: z.number().int(),
  available_minutes: z.number().int(),
  message: z.string(),
  options: z.array(overloadOptionSchema),
});
export type Overload = z.infer<typeof overloadSchema>;

// POST /api/goals/:goalId/breakdown/draft  (counts 1 AI generation; nothing is saved)
export const draftBodySchema = draftOptionsSchema;
export const draftResponseSchema = z.object({
  goal_id: z.string(),
  steps: z.array(draftStepSchema),
  source: plannerSourceSchema,
  /** "You usually take about 1.4x longer on high-energy tasks." when the minutes were corrected; else null. */
  estimate_note: z.string().nullable(),
  /** The plan needs more time than the user has before the target date; null when it fits or is unknown. */
  overload: overloadSchema.nullable(),
  variant: z.number().int(),
  ai_generations_this_month: z.number().int(),
  position: positionSchema,
});
export type DraftResponse = z.infer<typeof draftResponseSchema>;

/**
 * With `Accept: application/x-ndjson` the same endpoint streams one JSON object per line: `{type:'step'}`
 * as each step arrives, `{type:'restart'}` when the steps so far are void (the model failed, the built-in
 * planner starts over), then `{type:'draft', draft}` with the whole answer above, or `{type:'error'}`.
 */
export const draftStreamLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('step'), index: z.number().int(), step: draftStepSchema }),
  z.object({ type: z.literal('restart') }),
  z.object({ type: z.literal('draft'), draft: draftResponseSchema }),
  z.object({ type: z.literal('error'), status: z.number().int(), error: z.string(), code: z.string().optional() }),
]);
export type DraftStreamLine = z.infer<typeof draftStreamLineSchema>;

// POST /api/goals/:goalId/breakdown/draft/regenerate-step  (free: no AI generation counted)
export const regenerateStepBodySchema = draftOptionsSchema.extend({
  steps: z.array(draftStepSchema).min(1).max(L.tasksMax),
  index: z
    .number()
    .int()
    .min(0)
    .max(L.tasksMax - 1),
});
export const regenerateStepResponseSchema = z.object({
  step: draftStepSchema,
  source: plannerSourceSchema,
  ai_generations_this_month: z.number().int(),
});

// POST /api/goals/:goalId/breakdown/draft/save  (free: the draft was counted)
export const saveDraftBodySchema = z.object({
  steps: z.array(draftStepSchema).min(1).max(L.tasksMax),
  source: plannerSourceSchema.pick({ provider: true, model: true }).optional(),
});
export const saveDraftResponseSchema = z.object({
  tasks: z.array(taskRowSchema),
  added: z.number().int(),
  position: positionSchema,
});

/** A sub-step as the API serves it. */
export const subtaskRowSchema = z.object({
  id: z.string(),
  goal_id: z.string(),
  task_id: z.string(),
  title: z.string(),
  estimated_minutes: z.number().int(),
  energy_level: energyLevelSchema,
  done: z.boolean(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type SubtaskRow = z.infer<typeof subtaskRowSchema>;

export const taskProgressSchema = z.object({
  task_id: z.string(),
  percent: z.number().int().min(0).max(100),
  subtasks_done: z.number().int(),
  subtasks_total: z.number().int(),
});

// GET /api/goals/:goalId/subtasks
export const goalSubtasksResponseSchema = z.object({
  subtasks: z.array(subtaskRowSchema),
  /** Progress rolled up: a task by its sub-steps, the goal by its tasks. */
  progress: z.object({ goal_percent: z.number().int().min(0).max(100), tasks: z.array(taskProgressSchema) }),
});
export type GoalSubtasksResponse = z.infer<typeof goalSubtasksResponseSchema>;

// POST /api/goals/:goalId/tasks/:taskId/breakdown  (counts 1 AI generation)
export const breakDownTaskBodySchema = z.object({ granularity: stepGranularitySchema.default('tiny') });
export const breakDownTaskResponseSchema = z.object({
  subtasks: z.array(subtaskRowSchema),
  added: z.number().int(),
  source: plannerSourceSchema,
  ai_generations_this_month: z.number().int(),
  position: positionSchema,
});

// POST .../subtasks/:subtaskId/complete | /reopen, DELETE .../subtasks/:subtaskId
export const subtaskMutationResponseSchema = z.object({ success: z.literal(true), position: positionSchema });

export { SUBTASKS_PER_TASK_MAX };
