import type { SubscriptionTier } from '@stride/domain/plans/subscription-tiers';
import type { Logger } from '@stride/platform/logger';
import type { BillingStore } from './billing-store';

export interface DowngradeRecord {
  readonly userId: string;
  readonly fromTier: SubscriptionTier;
  readonly reason: string;
}

export interface ExpiredCheckResult {
  readonly checked: number;
  readonly downgraded: DowngradeRecord[];
  readonly ranAt: string;
}

export interface ExpiryJobDeps {
  readonly store: BillingStore;
  readonly logger: Logger;
}

const BATCH_SIZE = 100;

/**
 * The billing job: downgrades to free every user whose unpaid grace period (or canceled subscription)
 * ran out by `now`. Candidates come from billing_deadlines; the billing decider decides each one again
 * against its stream, so a payment that arrived meanwhile wins and running twice changes nothing.
 * `userId` limits the run to one user (a non-admin calling check-expired-subscriptions).
 */
export async function checkExpiredSubscriptions(
  deps: ExpiryJobDeps,
  options: { now: Date; userId?: string },
): Promise<ExpiredCheckResult> {
  const { now } = options;
  const seen = new Set<string>();
  const downgraded: DowngradeRecord[] = [];
  const next = async (): Promise<string[]> =>
    options.userId !== undefined
      ? seen.has(options.userId)
        ? []
        : [options.userId]
      : (await deps.store.dueUserIds(now, BATCH_SIZE + seen.size)).filter((id) => !seen.has(id));
  for (let batch = await next(); batch.length > 0; batch = await next()) {
    for (const userId of batch) {
      seen.add(userId);
      const result = await deps.store.apply(userId, [{ type: 'ApplyDueDowngrade', data: {} }], {
        now,
        actor: 'billing-job',
      });
      for (const event of result.events) {
        if (event.type !== 'SubscriptionDowngraded') continue;
        downgraded.push({ userId, fromTier: event.data.fromTier, reason: event.data.reason });
        deps.logger.info({ userId, ...event.data }, 'subscription downgraded');
      }
    }
  }
  return { checked: seen.size, downgraded, ranAt: now.toISOString() };
}
