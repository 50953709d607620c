import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkAndResetBodySchema,
  checkAndResetResponseSchema,
  incrementUsageBodySchema,
  incrementUsageResponseSchema,
} from '@stride/domain/contracts/usage';
import { isBelowLimit } from '@stride/domain/plans/limits';
import * as checkAndReset from '@stride/application/commands/usage/check-and-reset';
import { loadLimits, loadUsage } from '@stride/application/commands/usage/usage-snapshot';
import { callerUserIdSchema, positionString, requireCallerUserId } from '../../http/caller';
import { runCommand } from '../../http/run-command';

/** /api/usage: the monthly counters (spec sections 4 and 7). */
const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.post(
    '/check-and-reset',
    {
      schema: {
        body: checkAndResetBodySchema.extend({ userId: callerUserIdSchema }),
        response: { 200: checkAndResetResponseSchema },
      },
    },
    async (request, reply) => {
      requireCallerUserId(request, request.body.userId);
      return runCommand(request, reply, {
        command: checkAndReset,
        input: {},
        respond: async (usage) => ({
          reset: usage.reset,
          current_month: usage.currentMonth,
          goals_this_month: usage.goalsThisMonth,
          ai_generations_this_month: usage.aiGenerationsThisMonth,
          position: positionString(usage.position),
        }),
      });
    },
  );

  /**
   * Never adds (docs/decisions.md, "usage/increment"): creating a goal and generating tasks count
   * themselves inside their own commands. This answers the authoritative count for the type, the tier's
   * limit and whether one more is allowed, so a client's optimistic counter is replaced by the truth.
   */
  app.post(
    '/increment',
    {
      schema: {
        body: incrementUsageBodySchema.extend({ userId: callerUserIdSchema }),
        response: { 200: incrementUsageResponseSchema },
      },
    },
    async (request) => {
      const userId = requireCallerUserId(request, request.body.userId);
      const [usage, limits] = await Promise.all([loadUsage(services, userId), loadLimits(services, userId)]);
      const goals = request.body.type === 'goals';
      const newValue = goals ? usage.goalsThisMonth : usage.aiGenerationsThisMonth;
      const limit = goals ? limits.goalsPerMonth : limits.aiGenerationsPerMonth;
      return { newValue, limit, allowed: isBelowLimit(newValue, limit), current_month: usage.currentMonth };
    },
  );
};

export default usageRoutes;
