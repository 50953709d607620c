import type { FastifyRequest } from 'fastify';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { DomainError } from '@stride/domain/shared/domain-error';
import { getTasks } from '@stride/projections/goals/queries/get-tasks';
import type { TaskResult } from '@stride/application/commands/tasks/task-result';
import { requireUser } from '../../auth/auth-user';
import { requiredPosition } from '../../http/caller';

/** After a task command: `{ task, position }`, from the task row the command wrote (its result), else read. */
export async function taskMutationResponse(
  request: FastifyRequest,
  { goalId, taskId, position, task: written }: TaskResult,
): Promise<{ task: TaskRow; position: string }> {
  const task = written ?? (await getTasks(request.server.services.pool, requireUser(request).id, goalId, [taskId]))[0];
  if (!task) throw new DomainError('not_found', 'Task not found', { field: 'taskId' });
  return { task, position: requiredPosition(position) };
}
