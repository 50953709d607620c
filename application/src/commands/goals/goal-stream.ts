import type { CommandMetadata } from '@stride/domain/shared/event';
import { goalStreamDecider, type GoalStreamCommand } from '@stride/domain/goals/goal-decider';
import type { GoalState, GoalStreamEvent } from '@stride/domain/goals/goal-events';
import { decideInTurn } from '@stride/domain/shared/decide-in-turn';
import { streamIds } from '@stride/domain/stream-ids';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';

/** What a command on one goal's stream ended with: what its result is built from. */
export interface GoalStreamOutcome {
  readonly position: number | null;
  readonly version: number;
  readonly events: readonly GoalStreamEvent[];
}

/**
 * Runs goal commands (in turn, as one append) on one goal's stream and returns what `result` keeps of the
 * outcome: that value is stored with the Idempotency-Key, so it must hold everything the response needs.
 * `expectedVersion` (If-Match) makes a concurrent change a 409. Tasks live in their goal's stream, so task
 * commands (their planning commands too: the stream decider) run here too.
 */
export async function runOnGoal<Result>(
  services: Services,
  context: CommandContext,
  {
    goalId,
    expectedVersion,
    commands,
    result,
  }: {
    readonly goalId: string;
    readonly expectedVersion?: number | undefined;
    readonly commands: (state: GoalState, metadata: CommandMetadata) => readonly GoalStreamCommand[];
    readonly result: (outcome: GoalStreamOutcome) => Result;
  },
): Promise<Result> {
  const { result: kept } = await services.commands.execute({
    streams: {
      goal: {
        streamId: streamIds.goal(goalId),
        decider: goalStreamDecider,
        ...(expectedVersion !== undefined && { expectedVersion }),
      },
    },
    decide: (states, metadata) => ({
      goal: decideInTurn(goalStreamDecider, commands(states.goal, metadata), states.goal).events,
    }),
    context,
    result: (outcome) =>
      result({
        position: outcome.position,
        version: outcome.streams.goal.version,
        events: outcome.streams.goal.events,
      }),
  });
  return kept;
}
