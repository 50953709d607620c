import type { JobProcessor, RepeatSpec } from '@stride/platform/queue/job-queues';
import { EXPIRED_SUBSCRIPTIONS_EVERY_MS, JOBS, QUEUES } from '../queues';

/**
 * A job whose processor another module provides (billing maintenance, AI breakdowns), run by the pipeline's
 * queues like its own: retried with backoff, failures kept, optionally repeated.
 */
export interface ExternalJob {
  readonly queue: (typeof QUEUES)[keyof typeof QUEUES];
  readonly name: string;
  readonly processor: JobProcessor;
  /** Runs on this schedule (once across all worker processes with BullMQ). */
  readonly repeat?: RepeatSpec;
}

/** The billing module's expired-subscription check, every 15 minutes. */
export function expiredSubscriptionsJob(
  checkExpiredSubscriptions: (now: Date) => Promise<unknown>,
  clock: () => Date = () => new Date(),
): ExternalJob {
  return {
    queue: QUEUES.billing,
    name: JOBS.checkExpiredSubscriptions,
    repeat: { every: EXPIRED_SUBSCRIPTIONS_EVERY_MS },
    processor: async () => {
      await checkExpiredSubscriptions(clock());
    },
  };
}
