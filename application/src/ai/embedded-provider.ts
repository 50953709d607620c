import { embeddedPlannerMetadata, planBreakdown } from '@stride/domain/ai/embedded-planner';
import type { BreakdownProvider } from './breakdown-provider';

/** The default planner: the domain's embedded planner, deterministic and offline. */
export function createEmbeddedProvider(): BreakdownProvider {
  return {
    name: embeddedPlannerMetadata.provider,
    model: embeddedPlannerMetadata.model,
    async generate(goal, { today }) {
      const started = Date.now();
      const result = planBreakdown(goal, { today });
      return {
        result,
        metadata: { ...embeddedPlannerMetadata, fallback: false, attempts: 1, durationMs: Date.now() - started },
      };
    },
  };
}
