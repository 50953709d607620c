import type { z } from 'zod';
import type {
  createGoalBodySchema,
  newTaskSchema,
  updateGoalBodySchema,
  updateTaskBodySchema,
} from '@stride/domain/contracts/goals';
import type { CreateGoalInput } from '@stride/application/commands/goals/create-goal';
import type { UpdateGoalInput } from '@stride/application/commands/goals/update-goal';
import { newId } from '@stride/application/commands/ids';
import type { NewTask } from '@stride/application/commands/tasks/add-tasks';
import type { UpdateTaskInput } from '@stride/application/commands/tasks/update-task';

/**
 * The API's snake_case goal and task bodies as command inputs: the one mapping, used by /api/goals and by
 * the /api/db/query gate (its goals and tasks tables), so the two cannot drift apart.
 */

export const createGoalInputOf = (body: z.output<typeof createGoalBodySchema>): CreateGoalInput => ({
  goalId: body.id ?? newId(),
  title: body.title,
  description: body.description,
  category: body.category,
  priority: body.priority,
  targetDate: body.target_date ?? null,
});

type GoalUpdates = z.output<typeof updateGoalBodySchema>['updates'];

/** Field updates as the goal's changes, and the status as its own command. */
export const updateGoalInputOf = (
  goalId: string,
  { title, description, category, priority, target_date, status }: GoalUpdates,
  expectedVersion?: number,
): UpdateGoalInput => ({
  goalId,
  changes: {
    ...(title !== undefined && { title }),
    ...(description !== undefined && { description }),
    ...(category !== undefined && { category }),
    ...(priority !== undefined && { priority }),
    ...(target_date !== undefined && { targetDate: target_date }),
  },
  ...(status !== undefined && { status }),
  ...(expectedVersion !== undefined && { expectedVersion }),
});

export const newTaskOf = (task: z.output<typeof newTaskSchema>): NewTask => ({
  title: task.title,
  description: task.description ?? null,
  estimatedMinutes: task.estimated_minutes,
  energyLevel: task.energy_level,
});

/** A task's field updates as the aggregate's changes (only the fields given). */
export const taskChangesOf = ({
  title,
  description,
  estimated_minutes,
  energy_level,
}: z.output<typeof updateTaskBodySchema>): UpdateTaskInput['changes'] => ({
  ...(title !== undefined && { title }),
  ...(description !== undefined && { description }),
  ...(estimated_minutes !== undefined && { estimatedMinutes: estimated_minutes }),
  ...(energy_level !== undefined && { energyLevel: energy_level }),
});
