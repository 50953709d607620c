import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { goalMutationResponseSchema } from '@stride/domain/contracts/goals';
import { idSchema } from '@stride/domain/contracts/common';
import {
  createGoalFromTemplateBodySchema,
  saveTemplateBodySchema,
  templateLibraryResponseSchema,
  templateMutationResponseSchema,
  type TemplateRow,
} from '@stride/domain/contracts/templates';
import { hasTemplates, TEMPLATE_TIERS } from '@stride/domain/plans/limits';
import { builtInTemplates } from '@stride/domain/templates/template-library';
import { getTemplate } from '@stride/projections/templates/queries/get-template';
import { listTemplates } from '@stride/projections/templates/queries/list-templates';
import * as createGoalFromTemplate from '@stride/application/commands/templates/create-goal-from-template';
import * as deleteTemplate from '@stride/application/commands/templates/delete-template';
import * as saveGoalAsTemplate from '@stride/application/commands/templates/save-goal-as-template';
import type { TemplateResult } from '@stride/application/commands/templates/template-stream';
import { newId } from '@stride/application/commands/ids';
import { requireUser } from '../../auth/auth-user';
import { positionString } from '../../http/caller';
import { runCommand } from '../../http/run-command';
import { goalMutationResponse } from '../goals/goal-responses';

const templateParams = z.object({ id: idSchema });

/** The built-in library in the API's shape (the same for everyone). */
const builtInRows: readonly TemplateRow[] = builtInTemplates.map((template) => ({
  id: template.id,
  kind: 'builtin',
  title: template.title,
  description: template.description,
  category: template.category,
  priority: template.priority,
  tasks: template.tasks.map((task) => ({
    title: task.title,
    description: null,
    estimated_minutes: task.estimatedMinutes,
    energy_level: task.energyLevel,
  })),
  created_at: null,
}));

/**
 * /api/templates (domain/src/contracts/templates.ts): the goal template library (built-in and the caller's
 * own), "save this goal as a template", and "create a goal from a template". Browsing is open to every
 * plan; using and saving need a plan with templates (plan_required 403, decided in the domain).
 */
const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  const mutationResponse = async (request: FastifyRequest, { templateId, position }: TemplateResult) => ({
    template: await getTemplate(services.pool, requireUser(request).id, templateId),
    position: positionString(position),
  });

  app.get('/', { schema: { response: { 200: templateLibraryResponseSchema } } }, async (request) => {
    const userId = requireUser(request).id;
    const [tier, own] = await Promise.all([
      services.billing.effectiveTier(userId),
      listTemplates(services.pool, userId),
    ]);
    return { can_use: hasTemplates(tier), required_tiers: [...TEMPLATE_TIERS], built_in: [...builtInRows], own };
  });

  app.post(
    '/',
    { schema: { body: saveTemplateBodySchema, response: { 201: templateMutationResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        statusCode: 201,
        command: saveGoalAsTemplate,
        input: {
          templateId: request.body.id ?? newId(),
          goalId: request.body.goal_id,
          ...(request.body.title !== undefined && { title: request.body.title }),
        },
        respond: (result) => mutationResponse(request, result),
      }),
  );

  app.delete(
    '/:id',
    { schema: { params: templateParams, response: { 200: templateMutationResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        command: deleteTemplate,
        input: { templateId: request.params.id },
        respond: (result) => mutationResponse(request, result),
      }),
  );

  app.post(
    '/:id/goals',
    {
      schema: {
        params: templateParams,
        body: createGoalFromTemplateBodySchema,
        response: { 201: goalMutationResponseSchema },
      },
    },
    (request, reply) =>
      runCommand(request, reply, {
        statusCode: 201,
        command: createGoalFromTemplate,
        input: {
          templateId: request.params.id,
          goalId: request.body.id ?? newId(),
          ...(request.body.title !== undefined && { title: request.body.title }),
          targetDate: request.body.target_date ?? null,
        },
        respond: (result) => goalMutationResponse(request, reply, result),
      }),
  );
};

export default templateRoutes;
