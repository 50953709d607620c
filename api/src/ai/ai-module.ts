import type { AppServices } from '../services/app-services';
import { loggingTracker, type AiEventTracker } from './ai-tracking';
import type { BreakdownProvider } from './breakdown-provider';
import { createBreakdownProvider } from './create-breakdown-provider';

/** AI as the rest of the API sees it (`services.ai`). */
export interface AiModule {
  readonly provider: BreakdownProvider;
  readonly tracker: AiEventTracker;
}

declare module '../services/app-services' {
  interface AppServiceExtensions {
    ai: AiModule;
  }
}

export function createAiModule(
  services: Pick<AppServices, 'config' | 'logger'>,
  options: { tracker?: AiEventTracker; fetch?: typeof fetch } = {},
): AiModule {
  const logger = services.logger.child({ component: 'ai' });
  return {
    provider: createBreakdownProvider(services.config, logger, options.fetch ? { fetch: options.fetch } : {}),
    tracker: options.tracker ?? loggingTracker(logger),
  };
}

/** Adds `services.ai` (runtime/extensions.ts calls this; pass the analytics tracker when there is one). */
export function attachAi(services: AppServices, options: { tracker?: AiEventTracker } = {}): AiModule {
  const ai = createAiModule(services, options);
  services.ai = ai;
  return ai;
}

/** The attached module, or one built from configuration on first use. */
export const ensureAi = (services: AppServices): AiModule => services.ai ?? attachAi(services);
