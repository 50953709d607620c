import { z } from 'zod';
import { newTaskSchema, updateTaskBodySchema } from '@stride/domain/contracts/goals';
import { idSchema } from '@stride/domain/contracts/common';
import { DomainError } from '@stride/domain/shared/domain-error';
import { findTaskGoal } from '@stride/projections/goals/queries/find-task-goal';
import { getTasks } from '@stride/projections/goals/queries/get-tasks';
import { listUserTasks } from '@stride/projections/goals/queries/list-user-tasks';
import { requireUser } from '../../auth/auth-user';
import * as addTasks from '@stride/application/commands/tasks/add-tasks';
import * as deleteTask from '@stride/application/commands/tasks/delete-task';
import type { TaskResult } from '@stride/application/commands/tasks/task-result';
import * as updateTask from '@stride/application/commands/tasks/update-task';
import { positionString } from '../../http/caller';
import { minPositionOf } from '../../http/read-your-writes';
import { runCommand } from '../../http/run-command';
import { newTaskOf, taskChangesOf } from '../goals/command-inputs';
import {
  checkOwnerInData,
  checkedFilters,
  matchesFilters,
  requireData,
  requireIdFilter,
  sortRows,
  type FilterValue,
  type TableHandler,
} from './rows';

const FILTER_COLUMNS = ['id', 'goal_id', 'user_id', 'title', 'status', 'energy_level', 'source'] as const;
const SORT_COLUMNS = ['created_at', 'title', 'status', 'estimated_minutes', 'energy_level', 'completed_at'] as const;

const insertSchema = newTaskSchema.extend({ goal_id: idSchema });
const updateSchema = updateTaskBodySchema.extend({
  status: z.enum(['todo', 'in_progress', 'done']).optional(),
  actual_minutes: z.number().int().min(1).max(1440).optional(),
});
/** A task update through the gate as the UpdateTask command's input (changes, status, minutes). */
function updateInputOf(
  goalId: string,
  taskId: string,
  update: z.output<typeof updateSchema>,
): updateTask.UpdateTaskInput {
  const { status, actual_minutes, ...fields } = update;
  const changes = taskChangesOf(fields);
  if (Object.keys(changes).length === 0 && status === undefined && actual_minutes === undefined) {
    throw new DomainError('validation', 'Nothing to update', { field: 'data' });
  }
  return {
    goalId,
    taskId,
    changes,
    ...(status !== undefined && { status }),
    ...(actual_minutes !== undefined && { actualMinutes: actual_minutes }),
  };
}

/**
 * `tasks` through the gate: select reads the caller's live tasks; writes are task commands on the goal's
 * stream, which refuse a goal that is not the caller's (404). Soft-deleted tasks are never selected.
 */
export const tasksTable: TableHandler = async (request, reply, body) => {
  const { services } = request.server;
  const userId = requireUser(request).id;
  const filters = checkedFilters(request, body.filters, FILTER_COLUMNS);

  /** The goal of the task a write names: from filters.goal_id, else looked up among the caller's tasks. */
  const goalOfTask = async (taskId: string, given: FilterValue | undefined): Promise<string> => {
    if (typeof given === 'string' && given !== '') return given;
    const goalId = await findTaskGoal(services.pool, userId, taskId);
    if (!goalId) throw new DomainError('not_found', 'Task not found', { field: 'filters.id' });
    return goalId;
  };
  const taskAfter = async ({ goalId, taskId, position }: TaskResult) => {
    return { data: await getTasks(services.pool, userId, goalId, [taskId]), position: positionString(position) };
  };

  switch (body.operation) {
    case 'select': {
      minPositionOf(request); // checked (400 if malformed); reads never wait
      const tasks = await listUserTasks(services.pool, userId);
      return {
        data: sortRows(
          tasks.filter((task) => matchesFilters(task, filters)),
          body.orderBy,
          SORT_COLUMNS,
        ),
        position: null,
      };
    }
    case 'insert': {
      const data = requireData(body);
      checkOwnerInData(request, data);
      const task = insertSchema.parse(data);
      return runCommand(request, reply, {
        command: addTasks,
        input: { goalId: task.goal_id, tasks: [newTaskOf(task)] },
        respond: async ({ goalId, taskIds, position }) => {
          return { data: await getTasks(services.pool, userId, goalId, taskIds), position: positionString(position) };
        },
      });
    }
    case 'update': {
      const taskId = requireIdFilter(filters);
      const data = requireData(body);
      checkOwnerInData(request, data);
      const { user_id: _owner, id: _id, goal_id: _goal, ...fields } = data;
      const update = updateSchema.parse(fields);
      const goalId = await goalOfTask(taskId, filters.goal_id);
      return runCommand(request, reply, {
        command: updateTask,
        input: updateInputOf(goalId, taskId, update),
        respond: taskAfter,
      });
    }
    case 'delete': {
      const taskId = requireIdFilter(filters);
      const goalId = await goalOfTask(taskId, filters.goal_id);
      return runCommand(request, reply, {
        command: deleteTask,
        input: { goalId, taskId },
        respond: async ({ position }) => ({ data: [], position: positionString(position) }),
      });
    }
  }
};
