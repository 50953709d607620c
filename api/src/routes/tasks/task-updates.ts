import type { z } from 'zod';
import type { updateTaskBodySchema } from '@stride/domain/contracts/goals';
import { DomainError } from '@stride/domain/shared/domain-error';
import type { TaskChanges } from '@stride/domain/tasks/task-events';

/** The API's snake_case task fields as the aggregate's TaskChanges; an empty update is a 400. */
export function taskChangesOf(body: z.output<typeof updateTaskBodySchema>): TaskChanges {
  const { title, description, estimated_minutes, energy_level } = body;
  const changes: TaskChanges = {
    ...(title !== undefined && { title }),
    ...(description !== undefined && { description }),
    ...(estimated_minutes !== undefined && { estimatedMinutes: estimated_minutes }),
    ...(energy_level !== undefined && { energyLevel: energy_level }),
  };
  if (Object.keys(changes).length === 0) {
    throw new DomainError('validation', 'At least one change is required', { field: 'body' });
  }
  return changes;
}
