import { z } from 'zod';
import { goalDecider, goalStreamDecider, type GoalCommand } from '@stride/domain/goals/goal-decider';
import { goalPrioritySchema } from '@stride/domain/goals/goal-events';
import { decideInTurn } from '@stride/domain/shared/decide-in-turn';
import type { CommandMetadata } from '@stride/domain/shared/event';
import { streamIds } from '@stride/domain/stream-ids';
import { usageDecider } from '@stride/domain/usage/usage-decider';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { userScopedId } from '../ids';
import { usageTargetWithTimeZone } from '../usage/usage-snapshot';
import { goalResultOf, goalResultSchema, goalWritten, type GoalResult } from './goal-result';

export const inputSchema = z.object({
  /** The client's key for the goal (its id for optimistic UI); the goal's id is derived from it per user. */
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
 * the others are retried against the new count and get limit_reached (403). The goal's id is the caller's
 * key scoped to the caller (`userScopedId`): another user's goal id names a fresh goal of the caller's.
 */
export const run = (services: Services, context: CommandContext, input: CreateGoalInput): Promise<GoalResult> =>
  createGoalWith(services, context, input, () => []);

/**
 * The one goal creation path (a plain goal, a goal from a template): CreateGoal, then `more` (commands on
 * the new goal, e.g. its first tasks) decided in turn on the same stream, and CountGoal on the usage stream,
 * all in one append. `more` receives the caller's effective tier (a template checks its plan gate on it).
 */
export async function createGoalWith(
  services: Services,
  context: CommandContext,
  input: CreateGoalInput,
  more: (metadata: CommandMetadata, tier: string) => readonly GoalCommand[],
): Promise<GoalResult> {
  // The counters row, the time zone the month is counted in and the caller's tier: one read, in the
  // command's turn.
  const usage = usageTargetWithTimeZone(services, context.userId);
  const { goalId: key, ...data } = input;
  const goalId = userScopedId(context.userId, key);
  const { result } = await services.commands.execute({
    streams: {
      // Folded by the goal stream's decider, as task commands fold it: they share the cached state.
      goal: { streamId: streamIds.goal(goalId), decider: goalStreamDecider, creates: true },
      usage: usage.target,
    },
    decide: (states, metadata) => {
      const tier = usage.tier();
      return {
        goal: decideInTurn(
          goalDecider,
          [{ type: 'CreateGoal', data: { goalId, ...data }, metadata }, ...more(metadata, tier)],
          states.goal,
        ).events,
        usage: usageDecider.decide(
          { type: 'CountGoal', data: { tier, goalId, timeZone: usage.timeZone() }, metadata },
          states.usage,
        ),
      };
    },
    context,
    written: goalWritten,
    result: (outcome) => goalResultOf(goalId, outcome),
  });
  return result;
}
