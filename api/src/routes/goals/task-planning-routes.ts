import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@stride/domain/contracts/common';
import {
  dueDateBodySchema,
  editOccurrenceBodySchema,
  plannedTaskMutationSchema,
  recurrenceBodySchema,
  scheduleTaskBodySchema,
  type PlannedTaskRow,
} from '@stride/domain/contracts/planner';
import { DomainError } from '@stride/domain/shared/domain-error';
import { getPlannedTask } from '@stride/projections/planner/queries/get-planned-task';
import * as editTaskOccurrence from '@stride/application/commands/tasks/edit-task-occurrence';
import * as scheduleTask from '@stride/application/commands/tasks/schedule-task';
import * as setTaskDueDate from '@stride/application/commands/tasks/set-task-due-date';
import * as setTaskRecurrence from '@stride/application/commands/tasks/set-task-recurrence';
import type { TaskResult } from '@stride/application/commands/tasks/task-result';
import { requireUser } from '../../auth/auth-user';
import { positionString } from '../../http/caller';
import { runCommand } from '../../http/run-command';
import { taskChangesOf } from './command-inputs';

const taskParams = z.object({ goalId: idSchema, taskId: idSchema });

/** After a planning command: the task with its plan, once the goals and planner read models show it. */
export async function plannedTaskResponse(
  request: FastifyRequest,
  { goalId, taskId, position }: TaskResult,
): Promise<{ task: PlannedTaskRow; position: string | null }> {
  const task = await getPlannedTask(request.server.services.pool, requireUser(request).id, goalId, taskId);
  if (!task) throw new DomainError('not_found', 'Task not found', { field: 'taskId' });
  return { task, position: positionString(position) };
}

/** /api/goals/:goalId/tasks/:taskId/...: a task's do date, due date and recurrence. */
const taskPlanningRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = <Body extends z.ZodType>(body: Body) => ({
    params: taskParams,
    body,
    response: { 200: plannedTaskMutationSchema },
  });

  app.post('/:goalId/tasks/:taskId/schedule', { schema: schema(scheduleTaskBodySchema) }, (request, reply) =>
    runCommand(request, reply, {
      command: scheduleTask,
      input: { ...request.params, doDate: request.body.do_date },
      respond: (result) => plannedTaskResponse(request, result),
    }),
  );

  app.post('/:goalId/tasks/:taskId/due-date', { schema: schema(dueDateBodySchema) }, (request, reply) =>
    runCommand(request, reply, {
      command: setTaskDueDate,
      input: { ...request.params, dueDate: request.body.due_date },
      respond: (result) => plannedTaskResponse(request, result),
    }),
  );

  app.post('/:goalId/tasks/:taskId/recurrence', { schema: schema(recurrenceBodySchema) }, (request, reply) =>
    runCommand(request, reply, {
      command: setTaskRecurrence,
      input: {
        ...request.params,
        rule: request.body.rule,
        ...(request.body.start_date !== undefined && { startDate: request.body.start_date }),
      },
      respond: (result) => plannedTaskResponse(request, result),
    }),
  );

  /** Edit this occurrence of a recurring task, or all future ones (`scope: future`). */
  app.patch('/:goalId/tasks/:taskId/occurrence', { schema: schema(editOccurrenceBodySchema) }, (request, reply) => {
    const { scope, ...fields } = request.body;
    const changes = taskChangesOf(fields);
    if (Object.keys(changes).length === 0) {
      throw new DomainError('validation', 'At least one change is required', { field: 'body' });
    }
    return runCommand(request, reply, {
      command: editTaskOccurrence,
      input: { ...request.params, changes, scope },
      respond: (result) => plannedTaskResponse(request, result),
    });
  });
};

export default taskPlanningRoutes;
