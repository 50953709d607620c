import { randomBytes } from 'node:crypto';
import type { SubscriptionStatus } from '@stride/domain/plans/subscription-tiers';

/**
 * Stripe-shaped objects for the built-in test mode, in the shapes of Stripe's current API (the same
 * shapes stripe-objects.ts reads from real webhooks), so test-mode webhooks travel the real code path.
 */

export const testId = (prefix: string): string => `${prefix}_test_${randomBytes(10).toString('hex')}`;

const seconds = (instant: Date | string): number => Math.floor(new Date(instant).getTime() / 1000);

export interface TestSubscriptionInput {
  readonly id: string;
  readonly customerId: string;
  readonly userId: string;
  readonly priceId: string;
  readonly tier: string;
  readonly status: SubscriptionStatus;
  readonly createdAt: Date;
  readonly currentPeriodEnd: string | null;
  readonly cancelAtPeriodEnd?: boolean;
}

const PERIOD_MS = 30 * 86_400_000;

export function testSubscription(input: TestSubscriptionInput): Record<string, unknown> {
  const periodEnd = input.currentPeriodEnd ?? new Date(input.createdAt.getTime() + PERIOD_MS).toISOString();
  return {
    id: input.id,
    object: 'subscription',
    customer: input.customerId,
    status: input.status,
    metadata: { userId: input.userId, tier: input.tier },
    created: seconds(input.createdAt),
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    livemode: false,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${input.id}`,
          object: 'subscription_item',
          quantity: 1,
          price: { id: input.priceId, object: 'price' },
          current_period_start: seconds(periodEnd) - PERIOD_MS / 1000,
          current_period_end: seconds(periodEnd),
        },
      ],
    },
  };
}

export function testInvoice(input: {
  id: string;
  customerId: string;
  subscriptionId: string;
  userId: string;
  status: 'paid' | 'open';
  createdAt: Date;
}): Record<string, unknown> {
  return {
    id: input.id,
    object: 'invoice',
    customer: input.customerId,
    status: input.status,
    created: seconds(input.createdAt),
    livemode: false,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: input.subscriptionId, metadata: { userId: input.userId } },
    },
  };
}

export function testCheckoutSession(input: {
  id: string;
  customerId: string;
  email: string;
  userId: string;
  priceId: string;
  tier: string;
  subscriptionId: string;
  createdAt: Date;
}): Record<string, unknown> {
  return {
    id: input.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    created: seconds(input.createdAt),
    customer: input.customerId,
    customer_email: input.email,
    customer_details: { email: input.email },
    client_reference_id: input.userId,
    metadata: { userId: input.userId, tier: input.tier, priceId: input.priceId },
    subscription: input.subscriptionId,
    livemode: false,
  };
}

export function testEvent(type: string, object: Record<string, unknown>, createdAt: Date): Record<string, unknown> {
  return {
    id: testId('evt'),
    object: 'event',
    api_version: 'stride-test-mode',
    created: seconds(createdAt),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}
