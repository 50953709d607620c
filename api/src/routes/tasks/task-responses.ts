import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { DomainError } from '@stride/domain/shared/domain-error';
import { getTasks } from '@stride/projections/goals/queries/get-tasks';
import { requireUser } from '../../auth/auth-user';
import { requiredPosition } from '../../http/caller';
import { awaitCommand } from '../../http/read-your-writes';

export const taskResultSchema = z.object({
  goalId: z.string(),
  taskId: z.string(),
  position: z.number().int().nullable(),
});
export type TaskResult = z.infer<typeof taskResultSchema>;

/** After a task command: `{ task, position }` once the goals projection shows it. */
export async function taskMutationResponse(
  request: FastifyRequest,
  { goalId, taskId, position }: TaskResult,
): Promise<{ task: TaskRow; position: string }> {
  await awaitCommand(request, position, ['goals']);
  const [task] = await getTasks(request.server.services.pool, requireUser(request).id, goalId, [taskId]);
  if (!task) throw new DomainError('not_found', 'Task not found', { field: 'taskId' });
  return { task, position: requiredPosition(position) };
}
