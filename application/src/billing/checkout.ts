import { planForPriceId } from '@stride/domain/plans/plan-catalogue';
import { DomainError } from '@stride/domain/shared/domain-error';
import type { BillingState } from '@stride/domain/billing/billing-events';
import type { BillingDeps, BillingUser } from './billing-deps';
import { customerOwnership } from './customer-ownership';
import { stripeStatusToStride } from './stripe/stripe-status';

export interface CheckoutInput {
  readonly priceId: string;
  /** Absolute, already checked to be on this site (return-urls.ts). */
  readonly successUrl: string;
  readonly cancelUrl: string;
}

export interface CheckoutStarted {
  readonly sessionId: string;
  readonly url: string;
  /** 'checkout': pay on the returned page; 'plan-changed': the live subscription was switched in place. */
  readonly kind: 'checkout' | 'plan-changed';
}

/** The user's Stripe customer: the linked one, one Stripe already ties to the user, or a new one. */
async function ensureCustomer(deps: BillingDeps, user: BillingUser, state: BillingState): Promise<string> {
  const linked = state.customerIds.at(-1);
  if (linked !== undefined) return linked;
  const existing = await deps.gateway.findCustomersByEmail(user.email);
  const own = existing.find((customer) => customerOwnership(customer, user.id, null) === 'own');
  if (own) return own.id;
  return (await deps.gateway.createCustomer({ userId: user.id, email: user.email, name: user.name })).id;
}

/**
 * POST /api/stripe/create-checkout-session-simple. A user without a live subscription gets a checkout
 * session. A user with an active one on another plan (a lite user upgrading to pro) has that subscription
 * switched in place instead, so they are never billed twice; the change applies at once and the answer
 * sends the browser straight to the success page.
 */
export async function startCheckout(
  deps: BillingDeps,
  user: BillingUser,
  input: CheckoutInput,
): Promise<CheckoutStarted> {
  const plan = planForPriceId(deps.catalogue, input.priceId);
  if (!plan || !plan.purchasable || plan.id === 'free') {
    throw new DomainError('validation', 'This price is not available for purchase', { field: 'priceId' });
  }
  const { state } = await deps.store.load(user.id);
  const { subscriptionId } = state;
  const customerOfSubscription = state.customerIds.at(-1);
  if (
    subscriptionId === null ||
    customerOfSubscription === undefined ||
    state.status === 'canceled' ||
    state.tier === 'free'
  ) {
    const customerId = await ensureCustomer(deps, user, state);
    const session = await deps.gateway.createCheckoutSession({
      userId: user.id,
      email: user.email,
      priceId: input.priceId,
      tier: plan.id,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      customerId,
    });
    return { ...session, kind: 'checkout' };
  }
  if (state.tier === plan.id) {
    throw new DomainError('illegal_state', `You are already subscribed to the ${plan.name} plan`, { field: 'priceId' });
  }
  if (state.status === 'past_due') {
    throw new DomainError('illegal_state', 'Update your payment method before changing plans', { field: 'priceId' });
  }
  const changed = await deps.gateway.changeSubscriptionPlan({
    userId: user.id,
    subscriptionId,
    customerId: customerOfSubscription,
    priceId: input.priceId,
    tier: plan.id,
    currentPeriodEnd: state.currentPeriodEnd,
  });
  const status = stripeStatusToStride(changed.status);
  if (status !== null) {
    await deps.store.apply(
      user.id,
      [
        {
          type: 'ApplySubscriptionSnapshot',
          data: {
            snapshot: {
              subscriptionId,
              customerId: changed.customerId,
              tier: plan.id,
              status,
              currentPeriodEnd: changed.currentPeriodEnd,
            },
            observedAt: deps.clock.now().toISOString(),
          },
        },
      ],
      { now: deps.clock.now(), actor: 'user' },
    );
  }
  return { sessionId: subscriptionId, url: input.successUrl, kind: 'plan-changed' };
}
