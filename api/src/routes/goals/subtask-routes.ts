import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@stride/domain/contracts/common';
import {
  breakDownTaskBodySchema,
  breakDownTaskResponseSchema,
  goalSubtasksResponseSchema,
  subtaskMutationResponseSchema,
} from '@stride/domain/contracts/breakdowns';
import { DomainError } from '@stride/domain/shared/domain-error';
import * as breakDownTask from '@stride/application/commands/tasks/break-down-task';
import * as completeSubtask from '@stride/application/commands/tasks/complete-subtask';
import * as removeSubtask from '@stride/application/commands/tasks/remove-subtask';
import * as reopenSubtask from '@stride/application/commands/tasks/reopen-subtask';
import type { SubtaskResult } from '@stride/application/commands/tasks/subtask-commands';
import { getGoalSubtasks } from '@stride/projections/subtasks/queries/get-goal-subtasks';
import { requireUser } from '../../auth/auth-user';
import { requiredPosition } from '../../http/caller';
import { minPositionOf } from '../../http/read-your-writes';
import { runCommand } from '../../http/run-command';

const goalParams = z.object({ goalId: idSchema });
const taskParams = goalParams.extend({ taskId: idSchema });
const subtaskParams = taskParams.extend({ subtaskId: idSchema });
const emptyBody = z.object({}).nullish();

/**
 * Sub-steps (issue 14): GET /api/goals/:goalId/subtasks (with progress rolled up), POST
 * .../tasks/:taskId/breakdown (AI; counts 1 AI generation), and complete / reopen / remove one sub-step.
 */
const subtaskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    '/:goalId/subtasks',
    { schema: { params: goalParams, response: { 200: goalSubtasksResponseSchema } } },
    async (request) => {
      minPositionOf(request); // checked (400 if malformed); reads never wait (inline read models)
      const view = await getGoalSubtasks(services.pool, requireUser(request).id, request.params.goalId);
      if (view === null) throw new DomainError('not_found', 'Goal not found');
      return view;
    },
  );

  app.post(
    '/:goalId/tasks/:taskId/breakdown',
    {
      schema: {
        params: taskParams,
        body: breakDownTaskBodySchema.prefault({}),
        response: { 200: breakDownTaskResponseSchema },
      },
    },
    (request, reply) =>
      runCommand(request, reply, {
        command: breakDownTask,
        input: { ...request.params, granularity: request.body.granularity },
        respond: async ({ goalId, subtaskIds, source, position, aiGenerationsThisMonth }) => {
          const view = await getGoalSubtasks(services.pool, requireUser(request).id, goalId);
          const added = new Set(subtaskIds);
          const subtasks = (view?.subtasks ?? []).filter((subtask) => added.has(subtask.id));
          return {
            subtasks,
            added: subtasks.length,
            source,
            ai_generations_this_month: aiGenerationsThisMonth,
            position: requiredPosition(position),
          };
        },
      }),
  );

  const mutation = async ({ position }: SubtaskResult) => ({
    success: true as const,
    position: requiredPosition(position),
  });

  app.post(
    '/:goalId/tasks/:taskId/subtasks/:subtaskId/complete',
    { schema: { params: subtaskParams, body: emptyBody, response: { 200: subtaskMutationResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, { command: completeSubtask, input: request.params, respond: mutation }),
  );

  app.post(
    '/:goalId/tasks/:taskId/subtasks/:subtaskId/reopen',
    { schema: { params: subtaskParams, body: emptyBody, response: { 200: subtaskMutationResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, { command: reopenSubtask, input: request.params, respond: mutation }),
  );

  app.delete(
    '/:goalId/tasks/:taskId/subtasks/:subtaskId',
    { schema: { params: subtaskParams, response: { 200: subtaskMutationResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, { command: removeSubtask, input: request.params, respond: mutation }),
  );
};

export default subtaskRoutes;
