import type { CommandMetadata } from '@stride/domain/shared/event';
import { goalStreamDecider, type GoalStreamCommand } from '@stride/domain/goals/goal-decider';
import type { GoalState, GoalStreamEvent } from '@stride/domain/goals/goal-events';
import { decideInTurn } from '@stride/domain/shared/decide-in-turn';
import { streamIds } from '@stride/domain/stream-ids';
import type { Services } from '../../services';
import type { WrittenRowsQuery } from '@stride/projections/core/inline-projections';
import type { CommandContext, KeptReadsSource } from '../command-handler';

/** What a command on one goal's stream ended with: what its result is built from. */
export interface GoalStreamOutcome {
  readonly position: number | null;
  readonly version: number;
  readonly events: readonly GoalStreamEvent[];
  /** The `written` queries' rows (CommandOutcome.rows). */
  readonly rows: Readonly<Record<string, readonly unknown[]>>;
}

/**
 * Runs goal commands (in turn, as one append) on one goal's stream and returns what `result` keeps of the
 * outcome: that value is stored with the Idempotency-Key, so it must hold everything the response needs.
 * `expectedVersion` (If-Match) makes a concurrent change a 409. Tasks live in their goal's stream, so task
 * commands (their planning commands too: the stream decider) run here too.
 */
export async function runOnGoal<Result, Reads = undefined>(
  services: Services,
  context: CommandContext,
  {
    goalId,
    expectedVersion,
    reads,
    keptReads,
    commands,
    result,
    written,
  }: {
    readonly goalId: string;
    readonly expectedVersion?: number | undefined;
    /** What the commands need besides the goal, read in parallel with it (ExecuteInput.reads). */
    readonly reads?: () => Promise<Reads>;
    /** Instead of `reads`: reads the process keeps for the next command (ExecuteInput.keptReads). */
    readonly keptReads?: KeptReadsSource<Reads>;
    readonly commands: (state: GoalState, metadata: CommandMetadata, reads: Reads) => readonly GoalStreamCommand[];
    readonly result: (outcome: GoalStreamOutcome) => Result;
    /** Read-model rows the result keeps, selected from what the command wrote (ExecuteInput.written). */
    readonly written?: Readonly<Record<string, WrittenRowsQuery>>;
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
    ...(reads && { reads }),
    ...(keptReads && { keptReads }),
    decide: (states, metadata, values: Reads) => ({
      goal: decideInTurn(goalStreamDecider, commands(states.goal, metadata, values), states.goal).events,
    }),
    context,
    ...(written && { written }),
    result: (outcome) =>
      result({
        position: outcome.position,
        version: outcome.streams.goal.version,
        events: outcome.streams.goal.events,
        rows: outcome.rows,
      }),
  });
  return kept;
}
