import { planForPriceId, type PlanCatalogue } from '@stride/domain/plans/plan-catalogue';
import { paidTierSchema, type PaidTier } from '@stride/domain/plans/subscription-tiers';
import type { BillingIntent } from '../billing-store';
import {
  stripeCheckoutSessionSchema,
  stripeInvoiceSchema,
  stripeSubscriptionSchema,
  stripeTime,
  type StripeEventEnvelope,
} from './stripe-objects';
import { stripeStatusToStride } from './stripe-status';

/**
 * Turns a verified Stripe event into billing commands for one user: which user, and what happened.
 * The event's `created` time orders the reports (see the billing decider); nothing here reads a clock.
 */
export type WebhookPlan =
  | { readonly kind: 'apply'; readonly userId: string; readonly intents: readonly BillingIntent[] }
  /** Verified, but nothing for billing (a one-off payment, an incomplete subscription, another type). */
  | { readonly kind: 'ignored'; readonly reason: string; readonly userId: string | null }
  /** About a customer no Stride user is linked to. */
  | { readonly kind: 'unmatched'; readonly reason: string };

export interface WebhookTranslationDeps {
  readonly catalogue: PlanCatalogue;
  readonly gracePeriodDays: number;
  userIdForCustomer(customerId: string): Promise<string | null>;
  checkoutSessionPriceId(sessionId: string): Promise<string | null>;
}

export const HANDLED_STRIPE_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
  'invoice.paid',
] as const;

/**
 * The tier of a price in the configured catalogue; failing that, the tier Stride wrote into the metadata
 * when it sold the plan (for a price that configuration has since replaced), when one is given.
 */
export function tierForPrice(catalogue: PlanCatalogue, priceId: string | null, metadataTier?: string): PaidTier | null {
  const plan = priceId === null ? null : planForPriceId(catalogue, priceId);
  const fromCatalogue = paidTierSchema.safeParse(plan?.id);
  if (fromCatalogue.success) return fromCatalogue.data;
  const fromMetadata = paidTierSchema.safeParse(metadataTier);
  return fromMetadata.success ? fromMetadata.data : null;
}

const resolveUser = async (
  deps: WebhookTranslationDeps,
  declared: readonly (string | null | undefined)[],
  customerId: string | null,
): Promise<string | null> => {
  const named = declared.find((id): id is string => typeof id === 'string' && id.trim() !== '');
  if (named !== undefined) return named;
  return customerId === null ? null : deps.userIdForCustomer(customerId);
};

const unmatched = (type: string, customerId: string | null): WebhookPlan => ({
  kind: 'unmatched',
  reason: `${type} for customer ${customerId ?? '(none)'} is not linked to any user`,
});

async function checkoutCompleted(event: StripeEventEnvelope, deps: WebhookTranslationDeps): Promise<WebhookPlan> {
  const session = stripeCheckoutSessionSchema.parse(event.data.object);
  const { customerId, subscriptionId, metadata } = session;
  if (session.mode !== 'subscription' || customerId === null || subscriptionId === null) {
    return { kind: 'ignored', reason: `checkout in ${session.mode} mode without a subscription`, userId: null };
  }
  const userId = await resolveUser(deps, [session.clientReferenceId, metadata.userId], customerId);
  if (userId === null) return unmatched(event.type, customerId);
  const priceId = metadata.priceId ?? session.linePriceId ?? (await deps.checkoutSessionPriceId(session.id));
  const intent: BillingIntent = {
    type: 'RecordCheckout',
    data: {
      customerId,
      email: session.email ?? '',
      subscriptionId,
      tier: tierForPrice(deps.catalogue, priceId, metadata.tier),
      observedAt: stripeTime(session.created ?? event.created),
    },
  };
  return { kind: 'apply', userId, intents: [intent] };
}

async function subscriptionReported(event: StripeEventEnvelope, deps: WebhookTranslationDeps): Promise<WebhookPlan> {
  const subscription = stripeSubscriptionSchema.parse(event.data.object);
  const status =
    event.type === 'customer.subscription.deleted' ? 'canceled' : stripeStatusToStride(subscription.status);
  const userId = await resolveUser(deps, [subscription.metadata.userId], subscription.customerId);
  if (status === null) return { kind: 'ignored', reason: `subscription status ${subscription.status}`, userId };
  if (userId === null) return unmatched(event.type, subscription.customerId);
  const intent: BillingIntent = {
    type: 'ApplySubscriptionSnapshot',
    data: {
      snapshot: {
        subscriptionId: subscription.id,
        customerId: subscription.customerId,
        tier: tierForPrice(deps.catalogue, subscription.priceId),
        declaredTier: tierForPrice(deps.catalogue, null, subscription.metadata.tier),
        status,
        currentPeriodEnd: subscription.currentPeriodEnd,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      },
      observedAt: stripeTime(event.created),
    },
  };
  return { kind: 'apply', userId, intents: [intent] };
}

async function invoiceReported(event: StripeEventEnvelope, deps: WebhookTranslationDeps): Promise<WebhookPlan> {
  const invoice = stripeInvoiceSchema.parse(event.data.object);
  const userId = await resolveUser(deps, [invoice.metadata.userId], invoice.customerId);
  if (invoice.subscriptionId === null) return { kind: 'ignored', reason: 'invoice without a subscription', userId };
  if (userId === null) return unmatched(event.type, invoice.customerId);
  const at = stripeTime(event.created);
  const intent: BillingIntent =
    event.type === 'invoice.payment_failed'
      ? {
          type: 'RecordPaymentFailure',
          data: {
            invoiceId: invoice.id,
            subscriptionId: invoice.subscriptionId,
            failedAt: at,
            gracePeriodDays: deps.gracePeriodDays,
          },
        }
      : { type: 'RecordPayment', data: { invoiceId: invoice.id, subscriptionId: invoice.subscriptionId, paidAt: at } };
  return { kind: 'apply', userId, intents: [intent] };
}

/** Throws a ZodError when a handled event's object does not have the shape Stride relies on. */
export async function translateStripeEvent(
  event: StripeEventEnvelope,
  deps: WebhookTranslationDeps,
): Promise<WebhookPlan> {
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(event, deps);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionReported(event, deps);
    case 'invoice.payment_failed':
    case 'invoice.paid':
      return invoiceReported(event, deps);
    default:
      return { kind: 'ignored', reason: `event type ${event.type} is not handled`, userId: null };
  }
}
