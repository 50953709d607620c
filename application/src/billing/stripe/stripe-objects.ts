import { z } from 'zod';

/**
 * The parts of Stripe's objects Stride reads, validated at the boundary (webhook payloads and SDK
 * responses alike). Both API shapes are accepted: since API version 2025-03-31 the billing period lives on
 * subscription items and an invoice names its subscription under `parent.subscription_details`; older
 * versions had `current_period_end` on the subscription and `subscription` on the invoice.
 */

/** An expandable reference: the id, or the expanded object. */
const ref = z.union([z.string(), z.object({ id: z.string() }).transform((object) => object.id)]);
const metadataSchema = z
  .record(z.string(), z.string())
  .nullish()
  .transform((metadata) => metadata ?? {});

export const stripeEventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int(),
  data: z.object({ object: z.unknown() }),
});
export type StripeEventEnvelope = z.infer<typeof stripeEventSchema>;

export const stripeCustomerSchema = z.object({
  id: z.string(),
  email: z
    .string()
    .nullish()
    .transform((email) => email ?? null),
  metadata: metadataSchema,
  deleted: z.boolean().optional(),
});
export type StripeCustomer = z.infer<typeof stripeCustomerSchema>;

export const stripeSubscriptionSchema = z
  .object({
    id: z.string(),
    customer: ref,
    status: z.string(),
    metadata: metadataSchema,
    created: z.number().int(),
    current_period_end: z.number().int().nullish(),
    cancel_at_period_end: z.boolean().nullish(),
    items: z.object({
      data: z.array(
        z.object({
          price: z.object({ id: z.string() }),
          current_period_end: z.number().int().nullish(),
        }),
      ),
    }),
  })
  .transform((subscription) => {
    const item = subscription.items.data[0];
    const periodEnd = item?.current_period_end ?? subscription.current_period_end ?? null;
    return {
      id: subscription.id,
      customerId: subscription.customer,
      status: subscription.status,
      metadata: subscription.metadata,
      created: subscription.created,
      priceId: item?.price.id ?? null,
      currentPeriodEnd: periodEnd === null ? null : new Date(periodEnd * 1000).toISOString(),
      cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
    };
  });
export type StripeSubscription = z.infer<typeof stripeSubscriptionSchema>;

export const stripeCheckoutSessionSchema = z
  .object({
    id: z.string(),
    mode: z.string(),
    // Older API versions' session objects may omit it: the event's own time stands in (webhook translation).
    created: z.number().int().nullish(),
    customer: ref.nullish(),
    customer_email: z.string().nullish(),
    customer_details: z.object({ email: z.string().nullish() }).nullish(),
    client_reference_id: z.string().nullish(),
    metadata: metadataSchema,
    subscription: ref.nullish(),
    line_items: z.object({ data: z.array(z.object({ price: z.object({ id: z.string() }).nullish() })) }).nullish(),
  })
  .transform((session) => ({
    id: session.id,
    mode: session.mode,
    created: session.created ?? null,
    customerId: session.customer ?? null,
    email: session.customer_details?.email ?? session.customer_email ?? null,
    clientReferenceId: session.client_reference_id ?? null,
    metadata: session.metadata,
    subscriptionId: session.subscription ?? null,
    linePriceId: session.line_items?.data.find((item) => item.price)?.price?.id ?? null,
  }));
export type StripeCheckoutSession = z.infer<typeof stripeCheckoutSessionSchema>;

export const stripeInvoiceSchema = z
  .object({
    id: z.string(),
    customer: ref.nullish(),
    created: z.number().int(),
    subscription: ref.nullish(),
    parent: z
      .object({
        subscription_details: z.object({ subscription: ref.nullish(), metadata: metadataSchema }).nullish(),
      })
      .nullish(),
  })
  .transform((invoice) => ({
    id: invoice.id,
    customerId: invoice.customer ?? null,
    created: invoice.created,
    subscriptionId: invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null,
    metadata: invoice.parent?.subscription_details?.metadata ?? {},
  }));
export type StripeInvoice = z.infer<typeof stripeInvoiceSchema>;

export const stripeListSchema = <Item extends z.ZodType>(item: Item) => z.object({ data: z.array(item) });

/** Stripe seconds to an ISO instant. */
export const stripeTime = (seconds: number): string => new Date(seconds * 1000).toISOString();
