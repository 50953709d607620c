import { z } from 'zod';

/**
 * The billing events (stream `billing-{userId}`) that change a user's record, as this projection reads
 * them. Billing owns and writes these events; they are matched here by type name, so the projection does
 * not depend on the billing module. A known type with data that does not fit is an error, never skipped.
 */
const instant = z.iso.datetime({ offset: true });
const status = z.enum(['active', 'canceled', 'past_due']);

export const billingEventSchemas = {
  SubscriptionActivated: z.object({
    tier: z.string().min(1),
    status: z.literal('active'),
    subscriptionId: z.string().min(1),
    customerId: z.string().min(1),
    currentPeriodEnd: instant.nullable(),
    occurredAt: instant,
  }),
  SubscriptionChanged: z.object({
    tier: z.string().min(1),
    status,
    subscriptionId: z.string().min(1),
    currentPeriodEnd: instant.nullable(),
    occurredAt: instant,
  }),
  SubscriptionCanceled: z.object({ subscriptionId: z.string().min(1), occurredAt: instant }),
  PaymentFailed: z.object({ invoiceId: z.string().min(1), failedAt: instant, gracePeriodEndsAt: instant }),
  PaymentRecovered: z.object({ invoiceId: z.string().min(1), paidAt: instant }),
  SubscriptionDowngraded: z.object({ fromTier: z.string(), toTier: z.string().min(1), reason: z.string() }),
  StripeCustomerLinked: z.object({ customerId: z.string().min(1), email: z.string() }),
} as const;

type BillingSchemas = typeof billingEventSchemas;
export type BillingEventType = keyof BillingSchemas;

export type BillingEvent = {
  [Type in BillingEventType]: { readonly type: Type; readonly data: z.output<BillingSchemas[Type]> };
}[BillingEventType];

export const billingEventTypes = Object.keys(billingEventSchemas) as BillingEventType[];

export const isBillingEventType = (type: string): type is BillingEventType => Object.hasOwn(billingEventSchemas, type);

export const isBillingEvent = <Other extends { readonly type: string }>(
  event: BillingEvent | Other,
): event is BillingEvent => isBillingEventType(event.type);

export const decodeBillingEvent = (type: BillingEventType, data: unknown): BillingEvent =>
  ({ type, data: billingEventSchemas[type].parse(data) }) as BillingEvent;
