import { z } from 'zod';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { goalResultSchema, type GoalResult } from './goal-result';
import { runOnGoal } from './goal-stream';

export const inputSchema = z.object({ goalId: z.string() });
export type DeleteGoalInput = z.infer<typeof inputSchema>;

export const resultSchema = goalResultSchema;

/** DeleteGoal: a soft delete (the goal leaves every list; its events stay for audits). */
export const run = (services: Services, context: CommandContext, { goalId }: DeleteGoalInput): Promise<GoalResult> =>
  runOnGoal(services, context, {
    goalId,
    commands: (_state, metadata) => [{ type: 'DeleteGoal', data: {}, metadata }],
    result: ({ position }) => ({ goalId, position }),
  });
