import type { Logger } from '@stride/platform/logger';

export type AiGenerationEventName = 'ai_generation_started' | 'ai_generation_completed' | 'ai_generation_failed';

export interface AiGenerationEvent {
  readonly name: AiGenerationEventName;
  readonly userId: string;
  readonly properties: Readonly<Record<string, string | number | boolean | null>>;
}

/** Where the AI generation's tracked events go (spec section 9: ai_generation_*). */
export interface AiEventTracker {
  track(event: AiGenerationEvent): void;
}

/**
 * The default until an analytics tracking service is attached: structured log lines, so the events are
 * still visible (and countable) without the analytics pipeline.
 */
export const loggingTracker = (logger: Logger): AiEventTracker => ({
  track: ({ name, userId, properties }) => logger.info({ trackedEvent: name, userId, ...properties }, name),
});
