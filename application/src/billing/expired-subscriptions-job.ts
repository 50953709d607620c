import type { JobProcessor, RepeatSpec } from '@stride/platform/queue/job-queues';
import { EXPIRED_SUBSCRIPTIONS_EVERY_MS, JOBS, QUEUES } from '../analytics/queues';
import type { BillingModule } from './billing-module';

/**
 * A job whose processor a module of the application provides (billing maintenance), run by the workers'
 * queues like their own: retried with backoff, failures kept, optionally repeated.
 */
export interface ScheduledJob {
  readonly queue: (typeof QUEUES)[keyof typeof QUEUES];
  readonly name: string;
  readonly processor: JobProcessor;
  /** Runs on this schedule (once across all worker processes with BullMQ). */
  readonly repeat?: RepeatSpec;
}

/**
 * The billing module's expired-subscription check, every 15 minutes, at the billing clock's time (which
 * test mode can move forward), so advancing the test clock reaches the downgrade in every role.
 */
export function expiredSubscriptionsJob(billing: Pick<BillingModule, 'checkExpired'>): ScheduledJob {
  return {
    queue: QUEUES.billing,
    name: JOBS.checkExpiredSubscriptions,
    repeat: { every: EXPIRED_SUBSCRIPTIONS_EVERY_MS },
    processor: async () => {
      await billing.checkExpired();
    },
  };
}
