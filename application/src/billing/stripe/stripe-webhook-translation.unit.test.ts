import { describe, expect, it } from 'vitest';
import { buildPlanCatalogue } from '@stride/domain/plans/plan-catalogue';
import { translateStripeEvent, type WebhookTranslationDeps } from './stripe-webhook-translation';

const deps = (links: Record<string, string> = {}): WebhookTranslationDeps => ({
  catalogue: buildPlanCatalogue({ starter: 'price_starter', pro: 'price_pro' }),
  gracePeriodDays: 7,
  userIdForCustomer: async (customerId) => links[customerId] ?? null,
  checkoutSessionPriceId: async () => 'price_starter',
});

const event = (type: string, object: object, created = 1_700_000_000) => ({
  id: 'evt_1',
  type,
  created,
  data: { object },
});
const subscription = (overrides: object = {}) => ({
  id: 'sub_1',
  customer: 'cus_1',
  status: 'active',
  metadata: {},
  created: 1_699_999_000,
  items: { data: [{ price: { id: 'price_pro' }, current_period_end: 1_702_592_000 }] },
  ...overrides,
});

describe('Stripe webhook translation', () => {
  it('finds the user through the subscription metadata, else through the linked customer', async () => {
    const viaMetadata = await translateStripeEvent(
      event('customer.subscription.updated', subscription({ metadata: { userId: 'u1' } })),
      deps(),
    );
    expect(viaMetadata).toMatchObject({ kind: 'apply', userId: 'u1' });
    const viaLink = await translateStripeEvent(
      event('customer.subscription.updated', subscription()),
      deps({ cus_1: 'u2' }),
    );
    expect(viaLink).toMatchObject({ kind: 'apply', userId: 'u2' });
    const nobody = await translateStripeEvent(event('customer.subscription.updated', subscription()), deps());
    expect(nobody).toMatchObject({ kind: 'unmatched' });
  });

  it('turns a subscription report into a snapshot observed at the event time', async () => {
    const plan = await translateStripeEvent(
      event('customer.subscription.created', subscription({ metadata: { userId: 'u1', tier: 'starter' } })),
      deps(),
    );
    expect(plan).toEqual({
      kind: 'apply',
      userId: 'u1',
      intents: [
        {
          type: 'ApplySubscriptionSnapshot',
          data: {
            snapshot: {
              subscriptionId: 'sub_1',
              customerId: 'cus_1',
              cancelAtPeriodEnd: false,
              tier: 'pro',
              declaredTier: 'starter',
              status: 'active',
              currentPeriodEnd: '2023-12-14T22:13:20.000Z',
            },
            observedAt: '2023-11-14T22:13:20.000Z',
          },
        },
      ],
    });
  });

  it('reports a deletion as canceled whatever status the object carries, and ignores incomplete subscriptions', async () => {
    const deleted = await translateStripeEvent(
      event('customer.subscription.deleted', subscription({ metadata: { userId: 'u1' } })),
      deps(),
    );
    expect(deleted).toMatchObject({ intents: [{ data: { snapshot: { status: 'canceled' } } }] });
    const incomplete = await translateStripeEvent(
      event('customer.subscription.created', subscription({ status: 'incomplete', metadata: { userId: 'u1' } })),
      deps(),
    );
    expect(incomplete).toMatchObject({ kind: 'ignored' });
  });

  it('records a checkout at the time it was opened, asking Stripe for the price only when Stride did not write it', async () => {
    const session = {
      id: 'cs_1',
      mode: 'subscription',
      created: 1_699_990_000,
      customer: 'cus_1',
      client_reference_id: 'u1',
      subscription: 'sub_1',
      metadata: {},
    };
    const plan = await translateStripeEvent(event('checkout.session.completed', session), deps());
    expect(plan).toMatchObject({
      kind: 'apply',
      userId: 'u1',
      intents: [
        {
          type: 'RecordCheckout',
          data: {
            customerId: 'cus_1',
            subscriptionId: 'sub_1',
            tier: 'starter',
            email: '',
            observedAt: '2023-11-14T19:26:40.000Z',
          },
        },
      ],
    });
    const payment = await translateStripeEvent(
      event('checkout.session.completed', { ...session, mode: 'payment', subscription: null }),
      deps(),
    );
    expect(payment).toMatchObject({ kind: 'ignored' });
  });

  it('turns invoice events into payment commands with the configured grace period', async () => {
    const invoice = {
      id: 'in_1',
      customer: 'cus_1',
      created: 1,
      parent: { subscription_details: { subscription: 'sub_1', metadata: { userId: 'u1' } } },
    };
    expect(await translateStripeEvent(event('invoice.payment_failed', invoice), deps())).toMatchObject({
      intents: [
        {
          type: 'RecordPaymentFailure',
          data: {
            invoiceId: 'in_1',
            subscriptionId: 'sub_1',
            gracePeriodDays: 7,
            failedAt: '2023-11-14T22:13:20.000Z',
          },
        },
      ],
    });
    expect(await translateStripeEvent(event('invoice.paid', invoice), deps())).toMatchObject({
      intents: [{ type: 'RecordPayment', data: { invoiceId: 'in_1', paidAt: '2023-11-14T22:13:20.000Z' } }],
    });
  });

  it('ignores event types it does not handle and throws on a handled one it cannot read', async () => {
    expect(await translateStripeEvent(event('charge.refunded', {}), deps())).toMatchObject({ kind: 'ignored' });
    await expect(translateStripeEvent(event('invoice.paid', { nope: true }), deps())).rejects.toThrow();
  });
});
