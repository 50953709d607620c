import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@stride/domain/contracts/common';
import { breakdownResponseSchema } from '@stride/domain/contracts/goals';
import * as generateBreakdown from '@stride/application/commands/goals/generate-breakdown';
import { requireUser } from '../../auth/auth-user';
import { getTasks } from '@stride/projections/goals/queries/get-tasks';
import { requiredPosition } from '../../http/caller';
import { runCommand } from '../../http/run-command';

const goalParams = z.object({ goalId: idSchema });

/**
 * POST /api/goals/:goalId/breakdown: AI tasks for a goal, counted against the monthly AI limit in the
 * same transaction (application/src/commands/goals/generate-breakdown.ts). Answers the tasks added, their count, the aiMetadata
 * (provider, model, fallback) and the month's AI count. Accepts an Idempotency-Key.
 */
const breakdownRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.post(
    '/:goalId/breakdown',
    { schema: { params: goalParams, body: z.object({}).nullish(), response: { 200: breakdownResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        command: generateBreakdown,
        input: { goalId: request.params.goalId },
        respond: async ({ goalId, taskIds, position, aiMetadata, aiGenerationsThisMonth }) => {
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
