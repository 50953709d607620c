import { goalForBreakdownSchema, type GoalForBreakdown } from '@stride/domain/ai/breakdown';
import { goalStreamDecider, type GoalStreamCommand } from '@stride/domain/goals/goal-decider';
import type { Goal, GoalStreamEvent } from '@stride/domain/goals/goal-events';
import { DomainError, isDomainError } from '@stride/domain/shared/domain-error';
import type { CommandMetadata } from '@stride/domain/shared/event';
import { streamIds } from '@stride/domain/stream-ids';
import { usageDecider } from '@stride/domain/usage/usage-decider';
import type { Services } from '../../services';
import type { CommandContext } from '../../commands/command-handler';
import { getUsageSnapshot } from '@stride/projections/usage/queries/get-usage-snapshot';
import { snapshotOf, usageTarget, usageTimeZoneOf } from '../../commands/usage/usage-snapshot';
import { BreakdownFailure, type BreakdownOutcome } from '../breakdown-provider';

/** Missing, deleted and other users' goals all look the same (as in the goal decider). */
export const ownedGoal = (goal: Goal | null, userId: string): Goal => {
  if (goal === null || goal.deletedAt !== null || goal.userId !== userId)
    throw new DomainError('not_found', 'Goal not found');
  return goal;
};

/** The goal as a planner reads it. */
export const goalForBreakdown = (goal: Goal): GoalForBreakdown =>
  goalForBreakdownSchema.parse({
    title: goal.title,
    description: goal.description,
    category: goal.category.slice(0, 100),
    priority: goal.priority,
    targetDate: goal.targetDate,
  });

/** The caller's goal, folded from its stream (with tasks and sub-steps). */
export async function loadOwnedGoal(services: Services, userId: string, goalId: string): Promise<Goal> {
  const { state } = await services.commands.load(streamIds.goal(goalId), goalStreamDecider);
  return ownedGoal(state, userId);
}

export interface CountedOutcome {
  readonly outcome: BreakdownOutcome;
  readonly goalEvents: readonly GoalStreamEvent[];
  readonly position: number | null;
  readonly aiGenerationsThisMonth: number;
}

/**
 * One AI generation that counts against the monthly limit (docs/decisions.md, "AI breakdowns: drafts,
 * sub-steps and the AI counter"). The limit is checked before the planner runs (a user at the limit costs
 * no model call); the planner runs outside any transaction; then one atomic append counts the generation
 * on the usage stream together with what it stores on the goal (`goalCommands`: nothing for a draft, the
 * sub-steps for a task). When the goal commands store nothing (nothing new), nothing is counted; a
 * generation that fails is not counted either. `result` makes the command's result from the counted
 * outcome inside the append's transaction: it is what an Idempotency-Key keeps with the events, so a retry
 * after a lost response rebuilds the answer from it (read with the command's own result schema).
 */
export async function runCountedGeneration<Result>(
  services: Services,
  context: CommandContext,
  {
    goalId,
    generate,
    goalCommands,
    kind,
    result: resultOf,
  }: {
    readonly goalId: string;
    readonly generate: (goal: Goal, today: string) => Promise<BreakdownOutcome>;
    readonly goalCommands?: (outcome: BreakdownOutcome, metadata: CommandMetadata) => readonly GoalStreamCommand[];
    /** For the product analytics: which generation this is. */
    readonly kind: 'breakdown' | 'draft' | 'subtasks';
    /** The command's result (kept with an Idempotency-Key). */
    readonly result: (counted: CountedOutcome) => Result;
  },
): Promise<Result> {
  const { ai, billing } = services;
  const { userId } = context;
  const now = services.clock();
  const goalStream = streamIds.goal(goalId);
  const goal = await loadOwnedGoal(services, userId, goalId);
  // The tier whose limits apply to the user now; the month begins in the user's time zone.
  const [tier, timeZone, usage] = await Promise.all([
    billing.effectiveTier(userId),
    usageTimeZoneOf(services, userId),
    getUsageSnapshot(services.pool, userId),
  ]);
  usageDecider.decide(
    { type: 'CountAiGeneration', data: { tier, goalId, timeZone }, metadata: { now, userId } },
    usage?.state ?? usageDecider.initialState(),
  );

  const track = (
    name: 'ai_generation_started' | 'ai_generation_completed' | 'ai_generation_failed',
    properties: Record<string, string | number | boolean | null>,
  ) => ai.tracker.track({ name, userId, properties: { goalId, tier, kind, ...properties } });
  track('ai_generation_started', { provider: ai.provider.name, model: ai.provider.model });

  let outcome: BreakdownOutcome;
  try {
    outcome = await generate(goal, now.toISOString().slice(0, 10));
  } catch (error) {
    track('ai_generation_failed', {
      reason: error instanceof BreakdownFailure ? error.reason : 'error',
      stage: 'generate',
    });
    throw error;
  }

  try {
    const { result } = await services.commands.execute({
      context,
      streams: {
        goal: { streamId: goalStream, decider: goalStreamDecider },
        usage: usageTarget(userId),
      },
      decide: (states, metadata) => {
        ownedGoal(states.goal, userId);
        const goalEvents: GoalStreamEvent[] = [];
        let state = states.goal;
        for (const command of goalCommands?.(outcome, metadata) ?? []) {
          const decided = goalStreamDecider.decide(command, state);
          goalEvents.push(...decided);
          state = decided.reduce(goalStreamDecider.evolve, state);
        }
        if (goalCommands && goalEvents.length === 0) return {};
        const usageEvents = usageDecider.decide(
          { type: 'CountAiGeneration', data: { tier, goalId, timeZone }, metadata },
          states.usage,
        );
        return { goal: goalEvents, usage: usageEvents };
      },
      result: ({ streams, position }) =>
        resultOf({
          outcome,
          goalEvents: streams.goal.events,
          position,
          aiGenerationsThisMonth: snapshotOf(streams.usage.state, now, timeZone).aiGenerationsThisMonth,
        }),
    });
    track('ai_generation_completed', {
      provider: outcome.metadata.provider,
      model: outcome.metadata.model,
      fallback: outcome.metadata.fallback,
      tasks: outcome.result.tasks.length,
      durationMs: outcome.metadata.durationMs,
    });
    return result;
  } catch (error) {
    track('ai_generation_failed', { reason: isDomainError(error) ? error.code : 'error', stage: 'store' });
    throw error;
  }
}
