import type { Config } from '@stride/platform/config';
import type { Logger } from '@stride/platform/logger';
import type { AiEventTracker } from './ai-tracking';
import type { BreakdownProvider } from './breakdown-provider';
import { createBreakdownProvider } from './create-breakdown-provider';

/** AI as the rest of the application sees it (`services.ai`). */
export interface AiModule {
  readonly provider: BreakdownProvider;
  readonly tracker: AiEventTracker;
}

export function createAiModule(
  deps: { readonly config: Config; readonly logger: Logger; readonly tracker: AiEventTracker },
  options: { fetch?: typeof fetch; provider?: BreakdownProvider } = {},
): AiModule {
  const logger = deps.logger.child({ component: 'ai' });
  return {
    provider:
      options.provider ?? createBreakdownProvider(deps.config, logger, options.fetch ? { fetch: options.fetch } : {}),
    tracker: deps.tracker,
  };
}
