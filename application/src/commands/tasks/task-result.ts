import { z } from 'zod';
import type { GoalStreamCommand } from '@stride/domain/goals/goal-decider';
import { taskRowSchema } from '@stride/domain/contracts/goals';
import type { GoalState } from '@stride/domain/goals/goal-events';
import type { CommandMetadata } from '@stride/domain/shared/event';
import type { Services } from '../../services';
import type { CommandContext, KeptReadsSource } from '../command-handler';
import { writtenTasks, writtenTasksOf } from '@stride/projections/goals/queries/written-goal-rows';
import { runOnGoal } from '../goals/goal-stream';

/** The task a command is about: tasks live in their goal's stream. */
export const taskRefSchema = z.object({ goalId: z.string(), taskId: z.string() });

/**
 * The result of a command on one task: everything its response is rebuilt from on an Idempotency-Key
 * retry (the task's goal and id, the position a read must wait for, and the task's row as the command's
 * transaction left it, as the API serves it, when the command wrote it).
 */
export const taskResultSchema = taskRefSchema.extend({
  position: z.number().int().nullable(),
  task: taskRowSchema.optional(),
});
export type TaskResult = z.infer<typeof taskResultSchema>;

/**
 * Runs commands on one task of a goal (the goal must be the caller's, the task live) as one append;
 * `reads` is what the commands need besides the goal, read in parallel with it (ExecuteInput.reads).
 */
export const runOnTask = <Reads = undefined>(
  services: Services,
  context: CommandContext,
  { goalId, taskId }: z.infer<typeof taskRefSchema>,
  commands: (metadata: CommandMetadata, state: GoalState, reads: Reads) => readonly GoalStreamCommand[],
  reads?: (() => Promise<Reads>) | KeptReadsSource<Reads>,
): Promise<TaskResult> =>
  runOnGoal(services, context, {
    goalId,
    ...(typeof reads === 'function' ? { reads } : reads && { keptReads: reads }),
    commands: (state, metadata, values: Reads) => commands(metadata, state, values),
    written: { tasks: writtenTasks },
    result: ({ position, rows }) => {
      const [task] = writtenTasksOf(rows.tasks, goalId, [taskId]) ?? [];
      return { goalId, taskId, position, ...(task && { task }) };
    },
  });
