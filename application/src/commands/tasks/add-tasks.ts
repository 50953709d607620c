import { z } from 'zod';
import { taskRowSchema } from '@stride/domain/contracts/goals';
import { energyLevelSchema } from '@stride/domain/tasks/energy-workflow';
import { writtenTasks, writtenTasksOf } from '@stride/projections/goals/queries/written-goal-rows';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { runOnGoal } from '../goals/goal-stream';
import { newId } from '../ids';

export const newTaskSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  estimatedMinutes: z.number().int(),
  energyLevel: energyLevelSchema,
});
export type NewTask = z.infer<typeof newTaskSchema>;

export const inputSchema = z.object({ goalId: z.string(), tasks: z.array(newTaskSchema) });
export type AddTasksInput = z.infer<typeof inputSchema>;

export const resultSchema = z.object({
  goalId: z.string(),
  /** The tasks actually added (duplicates of live tasks are not). */
  taskIds: z.array(z.string()),
  position: z.number().int().nullable(),
  /** Those tasks as the command's transaction left them (as the API serves them), when it wrote them all. */
  tasks: z.array(taskRowSchema).optional(),
});
export type AddTasksResult = z.infer<typeof resultSchema>;

/**
 * Manual tasks as one batch on the goal's stream (GenerateTasksBatch, source manual), so the spec's
 * de-duplication applies: a task with the same lower-cased trimmed title and minutes as a live task, or
 * an identical batch within 1 s, adds nothing.
 */
export const run = (
  services: Services,
  context: CommandContext,
  { goalId, tasks }: AddTasksInput,
): Promise<AddTasksResult> =>
  runOnGoal(services, context, {
    goalId,
    commands: (_state, metadata) => [
      {
        type: 'GenerateTasksBatch',
        data: { batchId: newId(), source: 'manual', tasks: tasks.map((task) => ({ taskId: newId(), ...task })) },
        metadata,
      },
    ],
    written: { tasks: writtenTasks },
    result: ({ events, position, rows }) => {
      const taskIds = events.flatMap((event) =>
        event.type === 'TasksBatchGenerated' ? event.data.tasks.map((task) => task.taskId) : [],
      );
      const written = writtenTasksOf(rows.tasks, goalId, taskIds);
      return { goalId, position, taskIds, ...(written && { tasks: written }) };
    },
  });
