import { describe, expect, it } from 'vitest';
import { stripeCheckoutSessionSchema, stripeInvoiceSchema, stripeSubscriptionSchema } from './stripe-objects';
import { stripeStatusToStride } from './stripe-status';

describe('Stripe objects at the boundary', () => {
  it('reads the billing period from the subscription item (API 2025-03-31 and later)', () => {
    const subscription = stripeSubscriptionSchema.parse({
      id: 'sub_1',
      customer: 'cus_1',
      status: 'active',
      metadata: { userId: 'u1' },
      created: 1_700_000_000,
      items: { data: [{ price: { id: 'price_pro' }, current_period_end: 1_702_592_000 }] },
    });
    expect(subscription).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      cancelAtPeriodEnd: false,
      metadata: { userId: 'u1' },
      created: 1_700_000_000,
      priceId: 'price_pro',
      currentPeriodEnd: '2023-12-14T22:13:20.000Z',
    });
  });

  it('reads older subscriptions (period on the subscription, expanded customer, null metadata)', () => {
    const subscription = stripeSubscriptionSchema.parse({
      id: 'sub_1',
      customer: { id: 'cus_9', object: 'customer' },
      status: 'past_due',
      metadata: null,
      created: 1,
      current_period_end: 1_702_592_000,
      items: { data: [{ price: { id: 'price_lite' } }] },
    });
    expect(subscription).toMatchObject({
      customerId: 'cus_9',
      metadata: {},
      priceId: 'price_lite',
      currentPeriodEnd: '2023-12-14T22:13:20.000Z',
    });
  });

  it('finds an invoice’s subscription in both API shapes', () => {
    const current = stripeInvoiceSchema.parse({
      id: 'in_1',
      customer: 'cus_1',
      created: 5,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_1', metadata: { userId: 'u1' } },
      },
    });
    expect(current).toEqual({
      id: 'in_1',
      customerId: 'cus_1',
      created: 5,
      subscriptionId: 'sub_1',
      metadata: { userId: 'u1' },
    });
    const legacy = stripeInvoiceSchema.parse({ id: 'in_2', customer: 'cus_1', created: 5, subscription: 'sub_2' });
    expect(legacy.subscriptionId).toBe('sub_2');
  });

  it('reads a completed checkout session, preferring the customer details email', () => {
    const session = stripeCheckoutSessionSchema.parse({
      id: 'cs_1',
      mode: 'subscription',
      created: 5,
      customer: 'cus_1',
      customer_email: 'typed@example.com',
      customer_details: { email: 'paid@example.com' },
      client_reference_id: 'u1',
      metadata: { priceId: 'price_pro' },
      subscription: 'sub_1',
    });
    expect(session).toMatchObject({
      email: 'paid@example.com',
      clientReferenceId: 'u1',
      subscriptionId: 'sub_1',
      linePriceId: null,
    });
  });

  it.each([
    ['active', 'active'],
    ['trialing', 'active'],
    ['past_due', 'past_due'],
    ['unpaid', 'past_due'],
    ['paused', 'past_due'],
    ['canceled', 'canceled'],
    ['incomplete_expired', 'canceled'],
    ['incomplete', null],
    ['something_new', null],
  ])('maps Stripe status %s to %s', (status, expected) => {
    expect(stripeStatusToStride(status)).toBe(expected);
  });

  it('tolerates a checkout session without `created` (older API versions; issue 11)', () => {
    const session = stripeCheckoutSessionSchema.parse({ id: 'cs_1', mode: 'subscription', customer: 'cus_1' });
    expect(session).toMatchObject({ id: 'cs_1', created: null, customerId: 'cus_1' });
  });
});
