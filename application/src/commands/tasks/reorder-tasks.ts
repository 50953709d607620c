import { z } from 'zod';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { runOnGoal } from '../goals/goal-stream';

export const inputSchema = z.object({ goalId: z.string(), taskIds: z.array(z.string()) });
export type ReorderTasksInput = z.infer<typeof inputSchema>;

/** The goal, the order asked for (its response lists the tasks in it) and the position to wait for. */
export const resultSchema = inputSchema.extend({ position: z.number().int().nullable() });
export type ReorderTasksResult = z.infer<typeof resultSchema>;

/**
 * ReorderTasks: the goal's live tasks in a new order (TasksReordered). The list must name exactly the
 * goal's live tasks; the same order as now appends nothing.
 */
export const run = (
  services: Services,
  context: CommandContext,
  { goalId, taskIds }: ReorderTasksInput,
): Promise<ReorderTasksResult> =>
  runOnGoal(services, context, {
    goalId,
    commands: (_state, metadata) => [{ type: 'ReorderTasks', data: { taskIds }, metadata }],
    result: ({ position, events }) => ({ goalId, taskIds, position: events.length > 0 ? position : null }),
  });
