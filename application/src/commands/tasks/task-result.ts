import { z } from 'zod';
import type { GoalStreamCommand } from '@stride/domain/goals/goal-decider';
import type { GoalState } from '@stride/domain/goals/goal-events';
import type { CommandMetadata } from '@stride/domain/shared/event';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { runOnGoal } from '../goals/goal-stream';

/** The task a command is about: tasks live in their goal's stream. */
export const taskRefSchema = z.object({ goalId: z.string(), taskId: z.string() });

/**
 * The result of a command on one task: everything its response is rebuilt from on an Idempotency-Key
 * retry (the task's goal and id, and the position a read must wait for).
 */
export const taskResultSchema = taskRefSchema.extend({ position: z.number().int().nullable() });
export type TaskResult = z.infer<typeof taskResultSchema>;

/** Runs commands on one task of a goal (the goal must be the caller's, the task live) as one append. */
export const runOnTask = (
  services: Services,
  context: CommandContext,
  { goalId, taskId }: z.infer<typeof taskRefSchema>,
  commands: (metadata: CommandMetadata, state: GoalState) => readonly GoalStreamCommand[],
): Promise<TaskResult> =>
  runOnGoal(services, context, {
    goalId,
    commands: (state, metadata) => commands(metadata, state),
    result: ({ position }) => ({ goalId, taskId, position }),
  });
