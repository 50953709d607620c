import { z } from 'zod';
import { goalForBreakdownSchema, type GoalForBreakdown } from '@stride/domain/ai/breakdown';
import { goalDecider } from '@stride/domain/goals/goal-decider';
import type { Goal } from '@stride/domain/goals/goal-events';
import { DomainError, isDomainError } from '@stride/domain/shared/domain-error';
import { dayOf } from '@stride/domain/shared/month';
import { streamIds } from '@stride/domain/stream-ids';
import { usageDecider } from '@stride/domain/usage/usage-decider';
import { BreakdownFailure, type BreakdownOutcome } from '../../ai/breakdown-provider';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { newId } from '../ids';
import { getUsageSnapshot } from '@stride/projections/usage/queries/get-usage-snapshot';
import { snapshotOf, usageTarget, usageTimeZoneOf } from '../usage/usage-snapshot';

export const inputSchema = z.object({ goalId: z.string() });
export type GenerateBreakdownInput = z.infer<typeof inputSchema>;

/** What the command keeps (and an Idempotency-Key retry replays from). */
export const resultSchema = z.object({
  goalId: z.string(),
  taskIds: z.array(z.string()),
  position: z.number().int().nullable(),
  aiMetadata: z.record(z.string(), z.unknown()),
  aiGenerationsThisMonth: z.number().int(),
});
export type GenerateBreakdownResult = z.infer<typeof resultSchema>;

/** Missing, deleted and other users' goals all look the same (as in the goal decider). */
const ownedGoal = (goal: Goal | null, userId: string): Goal => {
  if (goal === null || goal.deletedAt !== null || goal.userId !== userId)
    throw new DomainError('not_found', 'Goal not found');
  return goal;
};

const goalForBreakdown = (goal: Goal): GoalForBreakdown =>
  goalForBreakdownSchema.parse({
    title: goal.title,
    description: goal.description,
    category: goal.category.slice(0, 100),
    priority: goal.priority,
    targetDate: goal.targetDate,
  });

/**
 * POST /api/goals/:goalId/breakdown. The generation runs first, outside any transaction (it may take
 * seconds); then one atomic append puts the tasks on the goal's stream and counts the generation on the
 * usage stream, both at the versions read. Concurrent breakdowns therefore serialise on the usage stream:
 * at the monthly limit exactly the allowed number succeed, the rest are re-decided and get limit_reached.
 * A generation that fails, or whose batch the goal ignores as a duplicate (spec section 5), is not counted.
 * The limit is also checked before generating, so a user at the limit costs no model call.
 */
export async function run(
  services: Services,
  context: CommandContext,
  { goalId }: GenerateBreakdownInput,
): Promise<GenerateBreakdownResult> {
  const { ai, billing } = services;
  const { userId } = context;
  const goalStream = streamIds.goal(goalId);
  const now = services.clock();
  const goal = ownedGoal((await services.commands.load(goalStream, goalDecider)).state, userId);
  // The tier whose limits apply to the user now.
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
  ) => ai.tracker.track({ name, userId, properties: { goalId, tier, ...properties } });
  track('ai_generation_started', { provider: ai.provider.name, model: ai.provider.model });

  let outcome: BreakdownOutcome;
  try {
    outcome = await ai.provider.generate(goalForBreakdown(goal), { today: dayOf(now) });
  } catch (error) {
    track('ai_generation_failed', {
      reason: error instanceof BreakdownFailure ? error.reason : 'error',
      stage: 'generate',
    });
    throw error;
  }
  const aiMetadata: Record<string, unknown> = { ...outcome.metadata };
  const batchId = newId();
  const tasks = outcome.result.tasks.map((task) => ({
    taskId: newId(),
    title: task.title,
    description: task.description ?? null,
    estimatedMinutes: task.estimatedMinutes,
    energyLevel: task.energyLevel,
  }));

  let result: GenerateBreakdownResult;
  try {
    ({ result } = await services.commands.execute({
      context,
      streams: {
        goal: { streamId: goalStream, decider: goalDecider },
        usage: usageTarget(userId),
      },
      decide: (states, metadata) => {
        const goalEvents = goalDecider.decide(
          { type: 'GenerateTasksBatch', data: { batchId, source: 'ai', tasks, aiMetadata }, metadata },
          states.goal,
        );
        // Nothing new for the goal (a repeated batch): nothing is stored and nothing counted.
        if (goalEvents.length === 0) return {};
        const usageEvents = usageDecider.decide(
          { type: 'CountAiGeneration', data: { tier, goalId, timeZone }, metadata },
          states.usage,
        );
        return { goal: goalEvents, usage: usageEvents };
      },
      result: ({ streams, position }) => ({
        goalId,
        taskIds: streams.goal.events.flatMap((event) =>
          event.type === 'TasksBatchGenerated' ? event.data.tasks.map((task) => task.taskId) : [],
        ),
        position,
        aiMetadata,
        aiGenerationsThisMonth: snapshotOf(streams.usage.state, now, timeZone).aiGenerationsThisMonth,
      }),
    }));
  } catch (error) {
    track('ai_generation_failed', { reason: isDomainError(error) ? error.code : 'error', stage: 'store' });
    throw error;
  }
  track('ai_generation_completed', {
    provider: outcome.metadata.provider,
    model: outcome.metadata.model,
    fallback: outcome.metadata.fallback,
    tasks: result.taskIds.length,
    durationMs: outcome.metadata.durationMs,
  });
  return result;
}
