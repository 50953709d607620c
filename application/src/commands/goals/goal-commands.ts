import type { CommandMetadata } from '@stride/domain/shared/event';
import { goalDecider, type GoalCommand } from '@stride/domain/goals/goal-decider';
import type { GoalChanges, GoalEvent, GoalState, GoalStatus } from '@stride/domain/goals/goal-events';
import { isEmpty } from '@stride/domain/shared/changed-fields';
import { decideInTurn } from '@stride/domain/shared/decide-in-turn';
import { streamIds } from '@stride/domain/stream-ids';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';

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

export interface GoalCommandResult {
  readonly goalId: string;
  readonly position: number | null;
  readonly version: number;
}

/**
 * Runs goal commands on one goal's stream and returns what `result` keeps of the outcome (by default the
 * goal id, position and version). `expectedVersion` (If-Match) makes a concurrent change a 409.
 */
export async function runGoalCommands<Result = GoalCommandResult>(
  services: Services,
  context: CommandContext,
  goalId: string,
  commands: (state: GoalState, metadata: CommandMetadata) => readonly GoalCommand[],
  options: {
    readonly expectedVersion?: number;
    readonly result?: (outcome: GoalCommandResult & { readonly events: readonly GoalEvent[] }) => Result;
  } = {},
): Promise<Result> {
  const { expectedVersion } = options;
  const { result } = await services.commands.execute({
    streams: {
      goal: {
        streamId: streamIds.goal(goalId),
        decider: goalDecider,
        ...(expectedVersion !== undefined && { expectedVersion }),
      },
    },
    decide: (states, metadata) => ({
      goal: decideInTurn(goalDecider, commands(states.goal, metadata), states.goal).events,
    }),
    context,
    result: (outcome) => {
      const summary = { goalId, position: outcome.position, version: outcome.streams.goal.version };
      return options.result ? options.result({ ...summary, events: outcome.streams.goal.events }) : (summary as Result);
    },
  });
  return result;
}

export interface UpdateGoalInput {
  readonly goalId: string;
  readonly changes: GoalChanges;
  readonly status?: GoalStatus;
  readonly expectedVersion?: number;
}

/** Field changes (UpdateGoal) and a status change (Complete / Abandon / Reactivate), as one append. */
export const updateGoal = (services: Services, context: CommandContext, input: UpdateGoalInput) =>
  runGoalCommands(
    services,
    context,
    input.goalId,
    (state, metadata) => {
      const commands: GoalCommand[] = [];
      if (!isEmpty(input.changes)) commands.push({ type: 'UpdateGoal', data: { changes: input.changes }, metadata });
      if (input.status !== undefined && state?.status !== input.status)
        commands.push(statusCommand(input.status, metadata));
      // Nothing to change still checks that the goal is the caller's (an empty UpdateGoal decides nothing).
      if (commands.length === 0) commands.push({ type: 'UpdateGoal', data: { changes: {} }, metadata });
      return commands;
    },
    { ...(input.expectedVersion !== undefined && { expectedVersion: input.expectedVersion }) },
  );

export const deleteGoal = (services: Services, context: CommandContext, goalId: string) =>
  runGoalCommands(services, context, goalId, (_state, metadata) => [{ type: 'DeleteGoal', data: {}, metadata }]);
