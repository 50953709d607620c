import { breakdownResultSchema } from '@stride/domain/ai/breakdown';
import type { BreakdownProvider } from './breakdown-provider';
import { embeddedPlannerInfo, planBreakdown } from './embedded-planner/plan-breakdown';

/** The default planner: the embedded planner (embedded-planner/), deterministic and offline. */
export function createEmbeddedProvider(): BreakdownProvider {
  return {
    name: embeddedPlannerInfo.provider,
    model: embeddedPlannerInfo.model,
    async generate(goal, { today }) {
      const started = Date.now();
      const steps = planBreakdown({ goal, today });
      const result = breakdownResultSchema.parse({
        tasks: steps.map(({ suggestedDate: _suggestedDate, ...task }) => task),
      });
      return {
        result,
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
