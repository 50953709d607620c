import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, positionSchema, successResponseSchema } from '@stride/domain/contracts/common';
import {
  addTasksBodySchema,
  completeTaskBodySchema,
  energyQuerySchema,
  energyResponseSchema,
  logTimeBodySchema,
  taskMutationResponseSchema,
  tasksMutationResponseSchema,
  updateTaskBodySchema,
} from '@stride/domain/contracts/goals';
import { tasksForEnergy } from '@stride/domain/tasks/energy-workflow';
import { getTasks } from '@stride/projections/goals/queries/get-tasks';
import { listOpenTasks } from '@stride/projections/goals/queries/list-open-tasks';
import { requireUser } from '../../auth/auth-user';
import { addTasks, runTaskActions, type TaskAction } from '@stride/application/commands/tasks/task-commands';
import { positionString, requiredPosition } from '../../http/caller';
import { awaitCommand, awaitMinPosition } from '../../http/read-your-writes';
import { runCommand } from '../../http/run-command';
import { taskMutationResponse, taskResultSchema } from './task-responses';
import { taskChangesOf } from './task-updates';

const goalParams = z.object({ goalId: idSchema });
const taskParams = goalParams.extend({ taskId: idSchema });
const addedResultSchema = z.object({
  goalId: z.string(),
  taskIds: z.array(z.string()),
  position: z.number().int().nullable(),
});

/** Task routes: a goal's tasks (they live in the goal's stream) and the energy-based workflow. */
const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.post(
    '/goals/:goalId/tasks',
    { schema: { params: goalParams, body: addTasksBodySchema, response: { 200: tasksMutationResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        execute: (context) =>
          addTasks(
            services,
            context,
            request.params.goalId,
            request.body.tasks.map((task) => ({
              title: task.title,
              description: task.description ?? null,
              estimatedMinutes: task.estimated_minutes,
              energyLevel: task.energy_level,
            })),
          ),
        resultSchema: addedResultSchema,
        respond: async ({ goalId, taskIds, position }) => {
          await awaitCommand(request, position, ['goals']);
          const tasks = await getTasks(services.pool, requireUser(request).id, goalId, taskIds);
          return { tasks, added: tasks.length, position: positionString(position) };
        },
      }),
  );

  /** One task command per route; each answers `{ task, position }`. */
  const taskAction = <Body>(path: string, bodySchema: z.ZodType<Body>, actionOf: (body: Body) => TaskAction) =>
    app.post(
      `/goals/:goalId/tasks/:taskId/${path}`,
      { schema: { params: taskParams, body: bodySchema, response: { 200: taskMutationResponseSchema } } },
      (request, reply) =>
        runCommand(request, reply, {
          execute: (context) =>
            runTaskActions(services, context, request.params.goalId, request.params.taskId, [
              actionOf(request.body as Body),
            ]),
          resultSchema: taskResultSchema,
          respond: (result) => taskMutationResponse(request, result),
        }),
    );

  const emptyBody = z.object({}).optional();
  taskAction('start', emptyBody, () => ({ type: 'StartTask' }));
  taskAction('reopen', emptyBody, () => ({ type: 'ReopenTask' }));
  taskAction('complete', completeTaskBodySchema.optional(), (body) => ({
    type: 'CompleteTask',
    ...(body?.actual_minutes !== undefined && { actualMinutes: body.actual_minutes }),
  }));
  taskAction('log-time', logTimeBodySchema, (body) => ({ type: 'LogTaskTime', actualMinutes: body.actual_minutes }));

  app.patch(
    '/goals/:goalId/tasks/:taskId',
    { schema: { params: taskParams, body: updateTaskBodySchema, response: { 200: taskMutationResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        execute: (context) =>
          runTaskActions(services, context, request.params.goalId, request.params.taskId, [
            { type: 'UpdateTask', changes: taskChangesOf(request.body) },
          ]),
        resultSchema: taskResultSchema,
        respond: (result) => taskMutationResponse(request, result),
      }),
  );

  /** Soft delete: the task disappears from lists, its events and row stay for audits. */
  app.delete(
    '/goals/:goalId/tasks/:taskId',
    { schema: { params: taskParams, response: { 200: successResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        execute: (context) =>
          runTaskActions(services, context, request.params.goalId, request.params.taskId, [{ type: 'DeleteTask' }]),
        resultSchema: taskResultSchema,
        respond: async ({ position }) => ({ success: true as const, position: requiredPosition(position) }),
      }),
  );

  /** The energy-based workflow: open tasks of active goals that fit the energy (and minutes) the user has. */
  app.get(
    '/tasks/energy',
    {
      schema: {
        querystring: energyQuerySchema.extend({ minPosition: positionSchema.optional() }),
        response: { 200: energyResponseSchema },
      },
    },
    async (request, reply) => {
      await awaitMinPosition(request, reply, ['goals']);
      const { level, availableMinutes } = request.query;
      const open = await listOpenTasks(services.pool, requireUser(request).id);
      const fitting = tasksForEnergy(
        open.map((row) => ({
          row,
          energyLevel: row.energy_level,
          estimatedMinutes: row.estimated_minutes,
          status: row.status,
          deletedAt: row.deleted_at,
        })),
        level,
        availableMinutes === undefined ? {} : { availableMinutes },
      );
      return fitting.map(({ row }) => row);
    },
  );
};

export default taskRoutes;
