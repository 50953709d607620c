import type { Logger } from '@stride/platform/logger';
import { BreakdownFailure, type BreakdownProvider } from './breakdown-provider';

/**
 * Asks `primary`; when it fails, answers with `fallback` and records why in the metadata
 * (`fallback: true`, `fallbackReason`, the provider that was asked first). An aborted request is not
 * covered: nobody is waiting for the answer any more.
 */
export function withFallback(
  primary: BreakdownProvider,
  fallback: BreakdownProvider,
  logger: Logger,
): BreakdownProvider {
  return {
    name: primary.name,
    model: primary.model,
    async generate(goal, context) {
      try {
        return await primary.generate(goal, context);
      } catch (error) {
        if (!(error instanceof BreakdownFailure) || error.reason === 'aborted') throw error;
        logger.warn(
          { reason: error.reason, status: error.status, err: error },
          'AI provider failed; using the embedded planner',
        );
        context.onRestart?.();
        const answered = await fallback.generate(goal, context);
        return {
          result: answered.result,
          ...(answered.suggestedDates && { suggestedDates: answered.suggestedDates }),
          metadata: {
            ...answered.metadata,
            fallback: true,
            fallbackReason: error.reason,
            requestedProvider: primary.name,
            requestedModel: primary.model,
          },
        };
      }
    },
  };
}
