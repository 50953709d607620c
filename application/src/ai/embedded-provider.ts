import { breakdownResultSchema } from '@stride/domain/ai/breakdown';
import type { BreakdownProvider } from './breakdown-provider';
import { embeddedPlannerInfo, explainPlan } from './embedded-planner/plan-breakdown';

/** The default planner: the embedded planner (embedded-planner/), deterministic and offline. */
export function createEmbeddedProvider(): BreakdownProvider {
  return {
    name: embeddedPlannerInfo.provider,
    model: embeddedPlannerInfo.model,
    async generate(goal, { today, options, onStep }) {
      const started = Date.now();
      const { steps } = explainPlan({ goal, today, ...(options && { options }) });
      const result = breakdownResultSchema.parse({
        tasks: steps.map(({ suggestedDate: _suggestedDate, ...task }) => task),
      });
      result.tasks.forEach((task, index) => onStep?.(task, index));
      return {
        result,
        suggestedDates: steps.map((step) => step.suggestedDate ?? null),
        metadata: {
          provider: embeddedPlannerInfo.provider,
          model: embeddedPlannerInfo.model,
          fallback: false,
          attempts: 1,
          durationMs: Date.now() - started,
        },
      };
    },
  };
}
