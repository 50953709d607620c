import { randomUUID } from 'node:crypto';
import type { Logger } from '@stride/platform/logger';
import type { TrackedEventRecord } from '../analytics/tracked-event-record';

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
 * AI generation events as server-side tracked events of the analytics pipeline. Tracking never fails a
 * breakdown: a lost event is logged.
 */
export const trackedEventTracker = (
  track: (records: readonly TrackedEventRecord[]) => Promise<void>,
  logger: Logger,
  clock: () => Date,
): AiEventTracker => ({
  track: ({ name, userId, properties }) => {
    const now = clock().toISOString();
    track([
      {
        eventId: randomUUID(),
        userId,
        sessionId: 'server',
        event: name,
        occurredAt: now,
        receivedAt: now,
        tier: '',
        path: '',
        referrer: '',
        userAgent: 'stride-api',
        properties,
      },
    ]).catch((error: unknown) => logger.warn({ err: error, event: name }, 'could not track AI event'));
  },
});
