import type { FastifyRequest } from 'fastify';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { DomainError } from '@stride/domain/shared/domain-error';
import { getTasks } from '@stride/projections/goals/queries/get-tasks';
import type { TaskResult } from '@stride/application/commands/tasks/task-result';
import { requireUser } from '../../auth/auth-user';
import { requiredPosition } from '../../http/caller';

/** After a task command: `{ task, position }` once the goals projection shows it. */
export async function taskMutationResponse(
  request: FastifyRequest,
  { goalId, taskId, position }: TaskResult,
): Promise<{ task: TaskRow; position: string }> {
  const [task] = await getTasks(request.server.services.pool, requireUser(request).id, goalId, [taskId]);
  if (!task) throw new DomainError('not_found', 'Task not found', { field: 'taskId' });
  return { task, position: requiredPosition(position) };
}
