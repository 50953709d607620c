import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@stride/domain/contracts/common';
import { breakdownResponseSchema } from '@stride/domain/contracts/goals';
import { breakdownResultSchema, generateBreakdown } from '@stride/application/ai/generate-breakdown';
import { requireUser } from '../../auth/auth-user';
import { getTasks } from '@stride/projections/goals/queries/get-tasks';
import { requiredPosition } from '../../http/caller';
import { awaitCommand } from '../../http/read-your-writes';
import { runCommand } from '../../http/run-command';

const goalParams = z.object({ goalId: idSchema });

/**
 * POST /api/goals/:goalId/breakdown: AI tasks for a goal, counted against the monthly AI limit in the
 * same transaction (see ai/generate-breakdown.ts). Answers the tasks added, their count, the aiMetadata
 * (provider, model, fallback) and the month's AI count. Accepts an Idempotency-Key.
 */
const breakdownRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { billing } = services;
  const tierOf = (userId: string) => billing.effectiveTier(userId);

  app.post(
    '/:goalId/breakdown',
    { schema: { params: goalParams, body: z.object({}).nullish(), response: { 200: breakdownResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        execute: (context) => generateBreakdown({ services, ai: services.ai, tierOf }, context, request.params.goalId),
        resultSchema: breakdownResultSchema,
        respond: async ({ goalId, taskIds, position, aiMetadata, aiGenerationsThisMonth }) => {
          await awaitCommand(request, position, ['goals']);
          const tasks = await getTasks(services.pool, requireUser(request).id, goalId, taskIds);
          return {
            tasks,
            added: tasks.length,
            ai_metadata: aiMetadata,
            ai_generations_this_month: aiGenerationsThisMonth,
            position: requiredPosition(position),
          };
        },
      }),
  );
};

export default breakdownRoutes;
