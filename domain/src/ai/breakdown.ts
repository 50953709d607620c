import { z } from 'zod';
import {
  DEFAULT_CATEGORY,
  DEFAULT_PRIORITY,
  goalFields,
  goalPrioritySchema,
  type GoalPriority,
} from '../goals/goal-events';
import { energyLevelSchema, type EnergyLevel } from '../tasks/energy-workflow';

/**
 * The contract of an AI task breakdown, shared by every planner (the embedded one and any remote
 * model): what goes in (a goal) and what must come out (3 to 10 concrete tasks). A remote model's
 * answer is validated with `breakdownResultSchema` before anything is stored.
 */

export type { EnergyLevel, GoalPriority };

export const goalForBreakdownSchema = z.object({
  title: goalFields.title,
  description: goalFields.description.optional(),
  /** Free text, a goal's own limits; 'personal' by default (spec section 3). */
  category: goalFields.category.default(DEFAULT_CATEGORY),
  priority: goalPrioritySchema.default(DEFAULT_PRIORITY),
  /** YYYY-MM-DD (an ISO instant is read by its first ten characters); null or absent when none. */
  targetDate: z.string().nullable().optional(),
});
export type GoalForBreakdown = z.infer<typeof goalForBreakdownSchema>;

export const GENERATED_TASK_LIMITS = {
  titleMin: 3,
  titleMax: 120,
  minutesMin: 5,
  minutesMax: 480,
  descriptionMax: 500,
  tasksMin: 3,
  tasksMax: 10,
} as const;

const L = GENERATED_TASK_LIMITS;

export const generatedTaskSchema = z.object({
  title: z.string().trim().min(L.titleMin).max(L.titleMax),
  estimatedMinutes: z.number().int().min(L.minutesMin).max(L.minutesMax),
  energyLevel: energyLevelSchema,
  description: z.string().max(L.descriptionMax).optional(),
});
export type GeneratedTask = z.infer<typeof generatedTaskSchema>;

export const breakdownResultSchema = z.object({
  tasks: z.array(generatedTaskSchema).min(L.tasksMin).max(L.tasksMax),
});
export type BreakdownResult = z.infer<typeof breakdownResultSchema>;

/** Recorded on the goal's aiMetadata with each breakdown. */
export interface PlannerMetadata {
  readonly provider: string;
  readonly model: string;
}
