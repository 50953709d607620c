import { randomUUID } from 'node:crypto';
import type { Logger } from '@stride/platform/logger';
import { expiredSubscriptionsJob } from '@stride/workers/jobs/external-jobs';
import { startPipeline, type Pipeline } from '@stride/workers/pipeline';
import { attachAi } from '../ai/ai-module';
import type { AiEventTracker } from '../ai/ai-tracking';
import { attachBilling } from '../billing/billing-module';
import type { AppServices } from '../services/app-services';
import type { Role } from './start-stride';

export interface AttachedExtensions {
  stop(): Promise<void>;
}

/**
 * Adds the services beyond the core to AppServices: billing, the analytics pipeline and AI. In
 * 'all-in-one' the pipeline works here (consumers, jobs, the expired-subscription check); in 'api' it only
 * publishes tracked events, enqueues jobs and reads reports, while `npm run start:workers` does the work.
 */
export async function attachExtensions(services: AppServices, options: { role: Role }): Promise<AttachedExtensions> {
  const billing = attachBilling(services);
  const working = options.role === 'all-in-one';
  const pipeline = await startPipeline(
    { config: services.config, logger: services.logger, pool: services.pool, eventStore: services.eventStore },
    {
      role: working ? 'all' : 'api',
      clock: services.clock,
      registry: services.eventRegistry,
      jobs: working
        ? [
            expiredSubscriptionsJob(
              (now) => billing.checkExpired(now),
              () => billing.clock.now(),
            ),
          ]
        : [],
    },
  );
  services.analytics = pipeline;
  attachAi(services, { tracker: pipelineTracker(pipeline, services.logger) });
  return { stop: () => pipeline.stop() };
}

/** AI generation events (ai_generation_*) as server-side tracked events of the pipeline. */
function pipelineTracker(pipeline: Pick<Pipeline, 'track'>, logger: Logger): AiEventTracker {
  return {
    track: ({ name, userId, properties }) => {
      const now = new Date().toISOString();
      pipeline
        .track([
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
        ])
        .catch((error: unknown) => logger.warn({ err: error, event: name }, 'could not track AI event'));
    },
  };
}
