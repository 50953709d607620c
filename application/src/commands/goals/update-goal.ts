import { z } from 'zod';
import type { GoalCommand } from '@stride/domain/goals/goal-decider';
import { goalPrioritySchema, type GoalStatus } from '@stride/domain/goals/goal-events';
import { isEmpty } from '@stride/domain/shared/changed-fields';
import type { CommandMetadata } from '@stride/domain/shared/event';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { goalResultOf, goalResultSchema, goalWritten, type GoalResult } from './goal-result';
import { runOnGoal } from './goal-stream';

export const inputSchema = z.object({
  goalId: z.string(),
  changes: z.object({
    title: z.string().optional(),
    description: z.string().optional(),
    category: z.string().optional(),
    priority: goalPrioritySchema.optional(),
    targetDate: z.string().nullable().optional(),
  }),
  status: z.enum(['active', 'completed', 'abandoned']).optional(),
  /** The version the caller saw (If-Match / expectedVersion): another version is a 409. */
  expectedVersion: z.number().int().optional(),
});
export type UpdateGoalInput = z.infer<typeof inputSchema>;

export const resultSchema = goalResultSchema;

const statusCommand = (status: GoalStatus, metadata: CommandMetadata): GoalCommand => {
  switch (status) {
    case 'completed':
      return { type: 'CompleteGoal', data: {}, metadata };
    case 'abandoned':
      return { type: 'AbandonGoal', data: {}, metadata };
    case 'active':
      return { type: 'ReactivateGoal', data: {}, metadata };
  }
};

/** Field changes (UpdateGoal) and a status change (Complete / Abandon / Reactivate), as one append. */
export const run = (services: Services, context: CommandContext, input: UpdateGoalInput): Promise<GoalResult> =>
  runOnGoal(services, context, {
    goalId: input.goalId,
    expectedVersion: input.expectedVersion,
    commands: (state, metadata) => {
      const commands: GoalCommand[] = [];
      if (!isEmpty(input.changes)) commands.push({ type: 'UpdateGoal', data: { changes: input.changes }, metadata });
      if (input.status !== undefined && state?.status !== input.status)
        commands.push(statusCommand(input.status, metadata));
      // Nothing to change still checks that the goal is the caller's (an empty UpdateGoal decides nothing).
      if (commands.length === 0) commands.push({ type: 'UpdateGoal', data: { changes: {} }, metadata });
      return commands;
    },
    written: goalWritten,
    result: (outcome) => goalResultOf(input.goalId, outcome),
  });
