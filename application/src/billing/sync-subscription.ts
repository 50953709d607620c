import type { SubscriptionSnapshot } from '@stride/domain/billing/billing-decider';
import type { BillingState } from '@stride/domain/billing/billing-events';
import { effectiveTierAt } from '@stride/domain/billing/billing-rules';
import type { SubscriptionStatus, SubscriptionTier } from '@stride/domain/plans/subscription-tiers';
import { planPriceCentsByTier } from '@stride/domain/plans/plan-catalogue';
import type { BillingDeps, BillingUser } from './billing-deps';
import type { BillingIntent } from './billing-store';
import { customerOwnership, sameEmail } from './customer-ownership';
import type { StripeCustomer, StripeSubscription } from './stripe/stripe-objects';
import { statusRank, stripeStatusToStride } from './stripe/stripe-status';
import { tierForPrice } from './stripe/stripe-webhook-translation';

export interface SyncResult {
  readonly found: boolean;
  readonly subscription: { readonly tier: SubscriptionTier; readonly status: SubscriptionStatus } | null;
}

interface Candidate {
  readonly customer: StripeCustomer;
  readonly snapshot: SubscriptionSnapshot;
  readonly created: number;
}

/**
 * The customers to look at. Without an email: the linked ones and those of the caller's own email that
 * are the caller's or nobody's. With another email: only customers tied to the caller; an unclaimed one is
 * claimed only when its email is exactly the caller's verified email, and a customer tied to another user is
 * never taken over (first claim wins; see docs/decisions.md).
 */
async function candidateCustomers(
  deps: BillingDeps,
  user: BillingUser,
  state: BillingState,
  email?: string,
): Promise<StripeCustomer[]> {
  const customers = new Map<string, StripeCustomer>();
  const searchEmail = email ?? user.email;
  if (email === undefined || sameEmail(email, user.email)) {
    for (const id of state.customerIds) {
      const customer = await deps.gateway.retrieveCustomer(id);
      if (customer) customers.set(customer.id, customer);
    }
  }
  for (const customer of await deps.gateway.findCustomersByEmail(searchEmail)) {
    // An unclaimed customer is claimed only when its email is exactly the user's verified email; one tagged
    // with the caller's id is theirs whatever its email; another user's is never taken over.
    const ownership = customerOwnership(customer, user.id, await deps.store.userIdForCustomer(customer.id));
    if (ownership === 'own' || (ownership === 'unclaimed' && sameEmail(customer.email, user.email))) {
      customers.set(customer.id, customer);
    }
  }
  return [...customers.values()];
}

const toCandidate = (
  deps: BillingDeps,
  customer: StripeCustomer,
  subscription: StripeSubscription,
): Candidate | null => {
  const status = stripeStatusToStride(subscription.status);
  if (status === null) return null;
  const snapshot: SubscriptionSnapshot = {
    subscriptionId: subscription.id,
    customerId: customer.id,
    tier: tierForPrice(deps.catalogue, subscription.priceId),
    declaredTier: tierForPrice(deps.catalogue, null, subscription.metadata.tier),
    status,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
  return { customer, snapshot, created: subscription.created };
};

const tierOf = (candidate: Candidate) => candidate.snapshot.tier ?? candidate.snapshot.declaredTier ?? null;

/** The best live subscription: active before past due, then the dearer plan, then the newest. */
const best = (candidates: readonly Candidate[]): Candidate | null =>
  [...candidates]
    .filter((c) => c.snapshot.status !== 'canceled' && tierOf(c) !== null)
    .sort(
      (a, b) =>
        statusRank(b.snapshot.status) - statusRank(a.snapshot.status) ||
        planPriceCentsByTier[tierOf(b) ?? 'free'] - planPriceCentsByTier[tierOf(a) ?? 'free'] ||
        b.created - a.created,
    )[0] ?? null;

/**
 * POST /api/stripe/sync-subscription-bypass: asks Stripe directly (for when a webhook went missing or the
 * user paid with another email) and applies what it finds as a report observed now. A report about the
 * current subscription is applied even when it is no longer live (Stripe says canceled: so be it).
 */
export async function syncSubscription(deps: BillingDeps, user: BillingUser, email?: string): Promise<SyncResult> {
  const { state } = await deps.store.load(user.id);
  const candidates: Candidate[] = [];
  for (const customer of await candidateCustomers(deps, user, state, email)) {
    for (const subscription of await deps.gateway.listSubscriptions(customer.id)) {
      const candidate = toCandidate(deps, customer, subscription);
      if (candidate) candidates.push(candidate);
    }
  }
  const chosen = best(candidates);
  const current = candidates.find((c) => c.snapshot.subscriptionId === state.subscriptionId) ?? null;
  const apply = chosen ?? current;
  if (apply === null) return { found: false, subscription: null };
  const now = deps.clock.now();
  const intents: BillingIntent[] = [
    ...(chosen
      ? [
          {
            type: 'LinkStripeCustomer' as const,
            data: { customerId: chosen.customer.id, email: chosen.customer.email ?? email ?? user.email },
          },
        ]
      : []),
    { type: 'ApplySubscriptionSnapshot', data: { snapshot: apply.snapshot, observedAt: now.toISOString() } },
  ];
  const result = await deps.store.apply(user.id, intents, { now, actor: 'user' });
  deps.logger.info(
    { userId: user.id, found: chosen !== null, events: result.events.map((e) => e.type) },
    'subscription synced',
  );
  if (chosen === null) return { found: false, subscription: null };
  // The tier whose limits apply now (a plan whose grace period ran out is Free, whatever Stripe lists).
  return { found: true, subscription: { tier: effectiveTierAt(result.state, now), status: result.state.status } };
}
