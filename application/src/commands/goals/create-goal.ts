import { z } from 'zod';
import { goalDecider } from '@stride/domain/goals/goal-decider';
import { goalPrioritySchema } from '@stride/domain/goals/goal-events';
import { streamIds } from '@stride/domain/stream-ids';
import { usageDecider } from '@stride/domain/usage/usage-decider';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { limitTierOf, usageTargetWithTimeZone } from '../usage/usage-snapshot';
import { goalResultSchema, type GoalResult } from './goal-result';

export const inputSchema = z.object({
  goalId: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  priority: goalPrioritySchema,
  targetDate: z.string().nullable(),
});
export type CreateGoalInput = z.infer<typeof inputSchema>;

export const resultSchema = goalResultSchema;

/**
 * CreateGoal and CountGoal in one atomic append to the goal's stream and the caller's usage stream. The
 * limit is decided on the usage counters row (one month's counts, in the user's time zone) and the usage
 * stream's expected version makes concurrent creates serialise: at the monthly limit exactly one wins,
 * the others are retried against the new count and get limit_reached (403).
 */
export async function run(services: Services, context: CommandContext, input: CreateGoalInput): Promise<GoalResult> {
  const tier = await limitTierOf(services, context.userId);
  // The counters row and the time zone the month is counted in: one read, in the command's turn.
  const usage = usageTargetWithTimeZone(context.userId);
  const { goalId, ...data } = input;
  const { result } = await services.commands.execute({
    streams: {
      goal: { streamId: streamIds.goal(goalId), decider: goalDecider, creates: true },
      usage: usage.target,
    },
    decide: (states, metadata) => ({
      goal: goalDecider.decide({ type: 'CreateGoal', data: { goalId, ...data }, metadata }, states.goal),
      usage: usageDecider.decide(
        { type: 'CountGoal', data: { tier, goalId, timeZone: usage.timeZone() }, metadata },
        states.usage,
      ),
    }),
    context,
    result: (outcome) => ({ goalId, position: outcome.position }),
  });
  return result;
}
