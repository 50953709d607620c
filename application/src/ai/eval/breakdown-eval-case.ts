import { z } from 'zod';
import { breakdownOptionsSchema, goalForBreakdownSchema } from '@stride/domain/ai/breakdown';

/**
 * One goal of the breakdown evaluation set and what any planner's answer must satisfy. Every check
 * reads only the answer (titles, descriptions, minutes, dates), so the same set measures the embedded
 * planner and a remote model alike.
 */
export const breakdownEvalExpectationSchema = z.object({
  /** Each must appear (case-insensitive) in the steps' titles or descriptions. */
  mustInclude: z.array(z.string().min(1)).default([]),
  /** Each group: at least one of its words must appear. */
  mustIncludeAny: z.array(z.array(z.string().min(1)).min(1)).default([]),
  /** None may appear (whole words, case-insensitive): the words of another domain. */
  mustNotInclude: z.array(z.string().min(1)).default([]),
  /** The sum of the steps' minutes, inclusive. */
  totalMinutes: z.tuple([z.number().int(), z.number().int()]).optional(),
  /** The number of steps, inclusive. */
  steps: z.tuple([z.number().int(), z.number().int()]).optional(),
  /** The median step's minutes, inclusive (granularity). */
  medianMinutes: z.tuple([z.number().int(), z.number().int()]).optional(),
  /** Every step has a do-date from today up to the target date (the goal's, or `targetDate` here). */
  datesBeforeTarget: z.boolean().default(false),
  /** A target date said in the goal's words ("before Christmas") that the dates must respect. */
  targetDate: z.string().optional(),
});
export type BreakdownEvalExpectation = z.infer<typeof breakdownEvalExpectationSchema>;

export const breakdownEvalCaseSchema = z.object({
  id: z.string().min(1),
  /** The kind of goal (for the report; never checked against the planner's own domain). */
  domain: z.string().min(1),
  /** Why the case is in the set, e.g. a misfire quoted in issue 14. */
  note: z.string().optional(),
  goal: goalForBreakdownSchema,
  options: breakdownOptionsSchema.partial().optional(),
  expect: breakdownEvalExpectationSchema,
});
export type BreakdownEvalCase = z.infer<typeof breakdownEvalCaseSchema>;

export const breakdownEvalSetSchema = z.object({
  /** The calendar day every case is planned on (YYYY-MM-DD), so dates are reproducible. */
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  cases: z.array(breakdownEvalCaseSchema).min(1),
});
export type BreakdownEvalSet = z.infer<typeof breakdownEvalSetSchema>;
