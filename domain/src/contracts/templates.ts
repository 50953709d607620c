import { z } from 'zod';
import { goalFields, goalPrioritySchema } from '../goals/goal-events';
import { energyLevelSchema } from '../tasks/energy-workflow';
import { BUILT_IN_TEMPLATE_PREFIX } from '../templates/template-library';
import { idSchema, isoDateSchema, positionSchema } from './common';

/** A task of a template as the API serves it (snake_case, as a goal's tasks). */
export const templateTaskRowSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  estimated_minutes: z.number().int(),
  energy_level: energyLevelSchema,
});
export type TemplateTaskRow = z.infer<typeof templateTaskRowSchema>;

export const templateKindValues = ['builtin', 'own'] as const;

/** A goal template: one of the built-in library, or one of the caller's own. */
export const templateRowSchema = z.object({
  id: z.string(),
  kind: z.enum(templateKindValues),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  priority: goalPrioritySchema,
  tasks: z.array(templateTaskRowSchema),
  /** When an own template was saved; null for the built-in library. */
  created_at: z.string().nullable(),
});
export type TemplateRow = z.infer<typeof templateRowSchema>;

// GET /api/templates: the library for everyone (browsing is free); `can_use` says whether the caller's
// plan lets them start a goal from one or save their own (else the web app shows the upgrade prompt).
export const templateLibraryResponseSchema = z.object({
  can_use: z.boolean(),
  /** The plans that include templates (for the upgrade prompt). */
  required_tiers: z.array(z.string()),
  built_in: z.array(templateRowSchema),
  own: z.array(templateRowSchema),
});
export type TemplateLibraryResponse = z.infer<typeof templateLibraryResponseSchema>;

// POST /api/templates: save one of the caller's goals (and its open and done tasks, in order) as a template.
export const saveTemplateBodySchema = z.object({
  id: idSchema
    .refine(
      (id) => !id.startsWith(BUILT_IN_TEMPLATE_PREFIX),
      `An own template's id cannot begin with '${BUILT_IN_TEMPLATE_PREFIX}'`,
    )
    .optional(),
  goal_id: idSchema,
  /** The template's name; the goal's title when absent. */
  title: goalFields.title.optional(),
});
// POST /api/templates and DELETE /api/templates/:id (template null once deleted)
export const templateMutationResponseSchema = z.object({
  template: templateRowSchema.nullable(),
  position: positionSchema.nullable(),
});

// POST /api/templates/:templateId/goals -> 201 goalMutationResponseSchema (contracts/goals.ts): a goal with
// the template's tasks, counted against the monthly goal limit like any other goal.
export const createGoalFromTemplateBodySchema = z.object({
  id: idSchema.optional(),
  /** The new goal's title; the template's when absent. */
  title: goalFields.title.optional(),
  target_date: isoDateSchema.nullish(),
});
