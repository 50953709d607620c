import { z } from 'zod';
import {
  DEFAULT_CATEGORY,
  DEFAULT_PRIORITY,
  goalFields,
  goalPrioritySchema,
  type GoalPriority,
} from '../goals/goal-events';
import { energyLevelSchema, type EnergyLevel } from '../tasks/energy-workflow';
import { taskMinutesSchema } from '../tasks/task-events';

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

/*
 * The request a planner answers (issue 14): the goal plus how the user wants it broken down. Every
 * field but the goal is optional, so an older caller (goal only) still forms a valid request. Both
 * providers take this same shape: the embedded planner reads it directly, a remote model gets it in
 * its prompt.
 */

/** The size of steps the user picks: tiny about 10 minutes, normal about 25, big about 60. */
export const stepGranularityValues = ['tiny', 'normal', 'big'] as const;
export const stepGranularitySchema = z.enum(stepGranularityValues);
export type StepGranularity = z.infer<typeof stepGranularitySchema>;

/** The minutes one step aims at, per granularity. */
export const GRANULARITY_MINUTES: Readonly<Record<StepGranularity, number>> = { tiny: 10, normal: 25, big: 60 };

/** A step of a size is between these parts of its minutes (docs/decisions.md, "Step size"). */
const SIZE_SPREAD = { below: 0.5, above: 1.5 } as const;
/** Estimates are whole multiples of this many minutes below an hour (estimate-calibration.ts roundEstimate). */
const ESTIMATE_STEP = 5;

export interface StepMinutesRange {
  readonly min: number;
  readonly max: number;
}

/**
 * The estimates a step of the chosen size may have: half to one and a half times its minutes, on the
 * 5-minute marks estimates are rounded to (tiny 5 to 15, normal 15 to 35, big 30 to 90).
 */
export function stepMinutesRange(granularity: StepGranularity): StepMinutesRange {
  const minutes = GRANULARITY_MINUTES[granularity];
  return {
    min: Math.max(
      GENERATED_TASK_LIMITS.minutesMin,
      Math.ceil((minutes * SIZE_SPREAD.below) / ESTIMATE_STEP) * ESTIMATE_STEP,
    ),
    max: Math.min(
      GENERATED_TASK_LIMITS.minutesMax,
      Math.floor((minutes * SIZE_SPREAD.above) / ESTIMATE_STEP) * ESTIMATE_STEP,
    ),
  };
}

/** An estimate moved into the size's range. */
export const withinStepSize = (minutes: number, granularity: StepGranularity): number => {
  const { min, max } = stepMinutesRange(granularity);
  return Math.min(max, Math.max(min, minutes));
};

/** Sub-steps per task (docs/decisions.md): the task's minutes in steps of the chosen size, 2 to 8. */
export const SUBTASK_COUNT_LIMITS = { min: 2, max: 8 } as const;
export const subtaskCount = (taskMinutes: number, granularity: StepGranularity): number =>
  Math.min(
    SUBTASK_COUNT_LIMITS.max,
    Math.max(SUBTASK_COUNT_LIMITS.min, Math.round(taskMinutes / GRANULARITY_MINUTES[granularity])),
  );

/** Limits of an estimate ratio (actual / estimated minutes), see estimate-calibration.ts. */
export const ESTIMATE_RATIO_LIMITS = { min: 0.5, max: 2.5 } as const;

const estimateRatio = z.number().min(ESTIMATE_RATIO_LIMITS.min).max(ESTIMATE_RATIO_LIMITS.max);

/** How much longer (above 1) or shorter the user usually takes than estimated, by energy level. */
export const estimateCorrectionSchema = z.object({
  /** Used for an energy level without its own ratio. */
  overall: estimateRatio.default(1),
  byEnergy: z
    .object({ low: estimateRatio.optional(), medium: estimateRatio.optional(), high: estimateRatio.optional() })
    .default({}),
});
export type EstimateCorrection = z.infer<typeof estimateCorrectionSchema>;

export const breakdownOptionsSchema = z.object({
  granularity: stepGranularitySchema.default('normal'),
  /** Order the steps from the least to the most demanding. */
  easiestFirst: z.boolean().default(false),
  /** The user's own estimate correction; absent means none (ratio 1). */
  estimateCorrection: estimateCorrectionSchema.optional(),
  /** Titles of the goal's existing tasks, not to be proposed again. */
  existingTaskTitles: z
    .array(z.string().max(GENERATED_TASK_LIMITS.titleMax * 2))
    .max(200)
    .default([]),
  /** 0 for the first answer; 1, 2, ... when the user asks again (a different, still sensible plan). */
  variant: z.number().int().min(0).max(1000).default(0),
  /**
   * Set when the "goal" is one step of a goal, broken into sub-steps: the sub-steps are about that step
   * (its own words), at the chosen size, as many as its minutes hold (subtaskCount).
   */
  subStepsOf: z
    .object({
      goalTitle: goalFields.title,
      estimatedMinutes: taskMinutesSchema,
      energyLevel: energyLevelSchema.optional(),
    })
    .optional(),
  /** Minutes a week the user said they have for this goal; used for the overload warning. */
  availableMinutesPerWeek: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .nullable()
    .optional(),
});
export type BreakdownOptions = z.infer<typeof breakdownOptionsSchema>;

export const breakdownRequestSchema = z.object({
  goal: goalForBreakdownSchema,
  /** The user's calendar day, YYYY-MM-DD (planners never read the clock). */
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  options: breakdownOptionsSchema.default(breakdownOptionsSchema.parse({})),
});
export type BreakdownRequest = z.infer<typeof breakdownRequestSchema>;
export type BreakdownRequestInput = z.input<typeof breakdownRequestSchema>;

/** A generated task with its suggested do-date (YYYY-MM-DD), as a draft step before it is saved. */
export const plannedStepSchema = generatedTaskSchema.extend({
  suggestedDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .optional(),
});
export type PlannedStep = z.infer<typeof plannedStepSchema>;

/** A draft breakdown: the same bounds as a stored one, steps may carry a suggested do-date. */
export const plannedBreakdownSchema = z.object({
  tasks: z.array(plannedStepSchema).min(L.tasksMin).max(L.tasksMax),
});
export type PlannedBreakdown = z.infer<typeof plannedBreakdownSchema>;
