import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, successResponseSchema } from '@stride/domain/contracts/common';
import {
  createGoalBodySchema,
  deleteGoalBodySchema,
  goalMutationResponseSchema,
  goalRowSchema,
  listGoalsQuerySchema,
  listGoalsResponseSchema,
  updateGoalBodySchema,
} from '@stride/domain/contracts/goals';
import { DomainError } from '@stride/domain/shared/domain-error';
import { getGoal } from '@stride/projections/goals/queries/get-goal';
import { listGoalsJson } from '@stride/projections/goals/queries/list-goals';
import { requireUser } from '../../auth/auth-user';
import * as createGoal from '@stride/application/commands/goals/create-goal';
import * as deleteGoal from '@stride/application/commands/goals/delete-goal';
import * as updateGoal from '@stride/application/commands/goals/update-goal';
import { requiredPosition } from '../../http/caller';
import { etagOf, expectedVersionOf } from '../../http/if-match';
import { CompressibleJson } from '../../http/compressed-body';
import { minPositionOf } from '../../http/read-your-writes';
import { runCommand } from '../../http/run-command';
import { GoalListCache } from './goal-list-cache';
import { createGoalInputOf, updateGoalInputOf } from './command-inputs';
import { goalMutationResponse, goalNotFound } from './goal-responses';

const minPositionQuery = { minPosition: z.string().optional() };
const listQuerySchema = listGoalsQuerySchema.extend(minPositionQuery);
const LEGACY_USER_ID_HEADER = 'x-user-id';
type GoalStatusFilter = 'active' | 'completed' | 'abandoned' | undefined;

/** /api/goals: list, read, create, update, delete (spec section 7); a goal's tasks: task-routes.ts. */
const goalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  // The list cache needs to hear other processes' changes: a PostgreSQL server's notifications (PGlite
  // serves every connection from one session; there the process has no listener and nothing is cached).
  const listCache = services.notifications
    ? new GoalListCache(services.notifications, services.projections.changed)
    : null;
  if (listCache) {
    app.addHook('onReady', () => listCache.start());
    app.addHook('onClose', () => listCache.stop());
  }

  /**
   * The list is the hot read: PostgreSQL builds its JSON (the contract's goalRowSchema[]) and it is sent as
   * is, without a parse and re-serialisation here, from the list cache when it is current
   * (goal-list-cache.ts), compressed when the client accepts it (br or gzip, made once per cached list).
   * The SQL's JSON keys are generated from goalRowSchema and taskRowSchema
   * (projections/src/goals/queries/goal-json.ts), so it cannot leave a field out; goals.int.test.ts parses
   * the list strictly against them.
   */
  const sendList = async (request: FastifyRequest, reply: FastifyReply, userId: string, status: GoalStatusFilter) => {
    const minPosition = minPositionOf(request);
    const load = () => listGoalsJson(services.pool, { userId, status });
    const body = listCache
      ? await listCache.read(userId, status, minPosition, load)
      : new CompressibleJson(await load());
    return body.send(request, reply);
  };

  app.get(
    '/list',
    { schema: { querystring: listQuerySchema, response: { 200: listGoalsResponseSchema } } },
    (request, reply) => sendList(request, reply, requireUser(request).id, request.query.status),
  );

  /** The spec's fallback list; it sent a user-id header, which may only name the caller. */
  app.get(
    '/list-simple',
    { schema: { querystring: listQuerySchema, response: { 200: listGoalsResponseSchema } } },
    (request, reply) => {
      const caller = requireUser(request);
      const named = request.headers[LEGACY_USER_ID_HEADER];
      if (typeof named === 'string' && named !== '' && named !== caller.id) {
        throw new DomainError('forbidden', 'You can only list your own goals', { field: LEGACY_USER_ID_HEADER });
      }
      return sendList(request, reply, caller.id, request.query.status);
    },
  );

  app.post(
    '/create-simple',
    { schema: { body: createGoalBodySchema, response: { 201: goalMutationResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        statusCode: 201,
        command: createGoal,
        input: createGoalInputOf(request.body),
        respond: (result) => goalMutationResponse(request, reply, result),
      }),
  );

  app.post(
    '/update',
    { schema: { body: updateGoalBodySchema, response: { 200: goalMutationResponseSchema } } },
    (request, reply) => {
      const { goalId, updates } = request.body;
      const expectedVersion = expectedVersionOf(request, request.body.expectedVersion);
      return runCommand(request, reply, {
        command: updateGoal,
        input: updateGoalInputOf(goalId, updates, expectedVersion),
        respond: (result) => goalMutationResponse(request, reply, result),
      });
    },
  );

  app.post(
    '/delete',
    { schema: { body: deleteGoalBodySchema, response: { 200: successResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        command: deleteGoal,
        input: { goalId: request.body.goalId },
        respond: async ({ position }) => ({ success: true as const, position: requiredPosition(position) }),
      }),
  );

  app.get(
    '/:goalId',
    {
      schema: {
        params: z.object({ goalId: idSchema }),
        querystring: z.object(minPositionQuery),
        response: { 200: goalRowSchema },
      },
    },
    async (request, reply) => {
      minPositionOf(request); // checked (400 if malformed); reads never wait
      const goal = await getGoal(services.pool, requireUser(request).id, request.params.goalId);
      if (!goal) throw goalNotFound();
      void reply.header('etag', etagOf(goal.version));
      return goal;
    },
  );
};

export default goalRoutes;
