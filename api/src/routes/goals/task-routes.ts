import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, successResponseSchema } from '@stride/domain/contracts/common';
import {
  addTasksBodySchema,
  completeTaskBodySchema,
  logTimeBodySchema,
  reorderTasksBodySchema,
  reorderTasksResponseSchema,
  taskMutationResponseSchema,
  tasksMutationResponseSchema,
  updateTaskBodySchema,
} from '@stride/domain/contracts/goals';
import { DomainError } from '@stride/domain/shared/domain-error';
import { getTasks } from '@stride/projections/goals/queries/get-tasks';
import * as addTasks from '@stride/application/commands/tasks/add-tasks';
import * as completeTask from '@stride/application/commands/tasks/complete-task';
import * as deleteTask from '@stride/application/commands/tasks/delete-task';
import * as logTaskTime from '@stride/application/commands/tasks/log-task-time';
import * as reopenTask from '@stride/application/commands/tasks/reopen-task';
import * as reorderTasks from '@stride/application/commands/tasks/reorder-tasks';
import * as startTask from '@stride/application/commands/tasks/start-task';
import * as updateTask from '@stride/application/commands/tasks/update-task';
import { requireUser } from '../../auth/auth-user';
import { positionString, requiredPosition } from '../../http/caller';
import { runCommand } from '../../http/run-command';
import { newTaskOf, taskChangesOf } from './command-inputs';
import { taskMutationResponse } from './task-responses';

const goalParams = z.object({ goalId: idSchema });
const taskParams = goalParams.extend({ taskId: idSchema });
const emptyBody = z.object({}).optional();

/** /api/goals/:goalId/tasks: a goal's tasks (they live in the goal's stream). */
const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.post(
    '/:goalId/tasks',
    { schema: { params: goalParams, body: addTasksBodySchema, response: { 200: tasksMutationResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        command: addTasks,
        input: { goalId: request.params.goalId, tasks: request.body.tasks.map(newTaskOf) },
        respond: async ({ goalId, taskIds, position, tasks: written }) => {
          const tasks = written ?? (await getTasks(services.pool, requireUser(request).id, goalId, taskIds));
          return { tasks, added: tasks.length, position: positionString(position) };
        },
      }),
  );

  /** The new order of all of the goal's live tasks (409 when the list is not exactly them: reload). */
  app.post(
    '/:goalId/tasks/reorder',
    { schema: { params: goalParams, body: reorderTasksBodySchema, response: { 200: reorderTasksResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        command: reorderTasks,
        input: { goalId: request.params.goalId, taskIds: request.body.task_ids },
        respond: async ({ goalId, taskIds, position }) => ({
          tasks: await getTasks(services.pool, requireUser(request).id, goalId, taskIds),
          position: positionString(position),
        }),
      }),
  );

  app.post(
    '/:goalId/tasks/:taskId/start',
    { schema: { params: taskParams, body: emptyBody, response: { 200: taskMutationResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        command: startTask,
        input: request.params,
        respond: (result) => taskMutationResponse(request, result),
      }),
  );

  app.post(
    '/:goalId/tasks/:taskId/reopen',
    { schema: { params: taskParams, body: emptyBody, response: { 200: taskMutationResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        command: reopenTask,
        input: request.params,
        respond: (result) => taskMutationResponse(request, result),
      }),
  );

  app.post(
    '/:goalId/tasks/:taskId/complete',
    {
      schema: {
        params: taskParams,
        body: completeTaskBodySchema.optional(),
        response: { 200: taskMutationResponseSchema },
      },
    },
    (request, reply) =>
      runCommand(request, reply, {
        command: completeTask,
        input: { ...request.params, actualMinutes: request.body?.actual_minutes },
        respond: (result) => taskMutationResponse(request, result),
      }),
  );

  app.post(
    '/:goalId/tasks/:taskId/log-time',
    { schema: { params: taskParams, body: logTimeBodySchema, response: { 200: taskMutationResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        command: logTaskTime,
        input: { ...request.params, actualMinutes: request.body.actual_minutes },
        respond: (result) => taskMutationResponse(request, result),
      }),
  );

  app.patch(
    '/:goalId/tasks/:taskId',
    { schema: { params: taskParams, body: updateTaskBodySchema, response: { 200: taskMutationResponseSchema } } },
    (request, reply) => {
      const changes = taskChangesOf(request.body);
      if (Object.keys(changes).length === 0) {
        throw new DomainError('validation', 'At least one change is required', { field: 'body' });
      }
      return runCommand(request, reply, {
        command: updateTask,
        input: { ...request.params, changes },
        respond: (result) => taskMutationResponse(request, result),
      });
    },
  );

  /** Soft delete: the task disappears from lists, its events and row stay for audits. */
  app.delete(
    '/:goalId/tasks/:taskId',
    { schema: { params: taskParams, response: { 200: successResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        command: deleteTask,
        input: request.params,
        respond: async ({ position }) => ({ success: true as const, position: requiredPosition(position) }),
      }),
  );
};

export default taskRoutes;
