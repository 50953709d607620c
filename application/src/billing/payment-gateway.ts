import type { PaidTier } from '@stride/domain/plans/subscription-tiers';
import type { StripeCustomer, StripeSubscription } from './stripe/stripe-objects';

/**
 * What billing needs from the payment provider. Two implementations: Stripe through its SDK
 * (`stripe-gateway.ts`, with STRIPE_SECRET_KEY) and the built-in test mode (`test-mode/`), which plays
 * Stripe's part in-process so upgrades can be tried without an account.
 */
export type PaymentsMode = 'stripe' | 'test-checkout';

export interface CheckoutRequest {
  readonly userId: string;
  readonly email: string;
  readonly priceId: string;
  readonly tier: PaidTier;
  readonly successUrl: string;
  readonly cancelUrl: string;
  /** The user's Stripe customer, created beforehand when they had none. */
  readonly customerId: string;
}

export interface PlanChangeRequest {
  readonly userId: string;
  readonly subscriptionId: string;
  readonly customerId: string;
  readonly priceId: string;
  readonly tier: PaidTier;
  /** The billing period end Stride knows (the test mode has no other source). */
  readonly currentPeriodEnd: string | null;
}

export interface CheckoutSessionCreated {
  readonly sessionId: string;
  /** Where the browser goes to pay. */
  readonly url: string;
}

export type PortalOutcome =
  | { readonly kind: 'ok'; readonly url: string }
  /** The Stripe account has no customer portal configuration: someone must save one in the dashboard. */
  | { readonly kind: 'not_configured'; readonly providerMessage: string }
  | { readonly kind: 'customer_missing' };

export interface PaymentGateway {
  readonly mode: PaymentsMode;
  createCustomer(input: { userId: string; email: string; name: string }): Promise<StripeCustomer>;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSessionCreated>;
  /** The price a checkout session was opened for (for sessions created without Stride's metadata). */
  checkoutSessionPriceId(sessionId: string): Promise<string | null>;
  /**
   * Moves a live subscription to another plan in place (the provider prorates); answers the subscription
   * as it now is. Used instead of a second checkout, which would bill the customer twice.
   */
  changeSubscriptionPlan(input: PlanChangeRequest): Promise<StripeSubscription>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<PortalOutcome>;
  findCustomersByEmail(email: string): Promise<StripeCustomer[]>;
  retrieveCustomer(customerId: string): Promise<StripeCustomer | null>;
  /** Every subscription of the customer, canceled ones included, newest first. */
  listSubscriptions(customerId: string): Promise<StripeSubscription[]>;
  /** Deletes the customer (a user's erasure); a customer already gone is not an error. */
  deleteCustomer(customerId: string): Promise<void>;
}
