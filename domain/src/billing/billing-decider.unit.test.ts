import { describe, expect, it } from 'vitest';
import { foldEvents } from '../shared/decider';
import type { CommandMetadata } from '../shared/event';
import { deciderSpec } from '../testing/decider-spec';
import { decideInTurn } from '../shared/decide-in-turn';
import { billingDecider, type BillingCommand, type SubscriptionSnapshot } from './billing-decider';
import type { BillingEvent } from './billing-events';

const spec = deciderSpec(billingDecider);
const metadata: CommandMetadata = { now: new Date('2025-03-10T10:00:00.000Z'), userId: 'user_1' };
const GRACE_DAYS = 7;

const T = (minute: number): string => new Date(Date.UTC(2025, 2, 1, 12, minute)).toISOString();
const PERIOD_END = '2025-04-01T12:00:00.000Z';

const snapshot = (overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  tier: 'pro',
  status: 'active',
  currentPeriodEnd: PERIOD_END,
  ...overrides,
});

const apply = (observedAt: string, overrides: Partial<SubscriptionSnapshot> = {}): BillingCommand => ({
  type: 'ApplySubscriptionSnapshot',
  data: { snapshot: snapshot(overrides), observedAt },
  metadata,
});
const fail = (failedAt: string, invoiceId = 'in_2', subscriptionId: string | null = 'sub_1'): BillingCommand => ({
  type: 'RecordPaymentFailure',
  data: { invoiceId, subscriptionId, failedAt, gracePeriodDays: GRACE_DAYS },
  metadata,
});
const pay = (paidAt: string, invoiceId = 'in_2', subscriptionId: string | null = 'sub_1'): BillingCommand => ({
  type: 'RecordPayment',
  data: { invoiceId, subscriptionId, paidAt },
  metadata,
});
const downgradeAt = (now: string): BillingCommand => ({
  type: 'ApplyDueDowngrade',
  data: {},
  metadata: { ...metadata, now: new Date(now) },
});

/** The subscription as the newest report has it (tier pro unless given, the period end), at that report's time. */
const changed = (
  status: 'active' | 'past_due' | 'canceled',
  occurredAt: string,
  tier: 'pro' | 'starter' = 'pro',
): BillingEvent => ({
  type: 'SubscriptionChanged',
  data: { tier, status, subscriptionId: 'sub_1', currentPeriodEnd: PERIOD_END, occurredAt },
});
const paidInvoice = (invoiceId: string, paidAt: string): BillingEvent => ({
  type: 'InvoicePaid',
  data: { invoiceId, paidAt },
});

const linked: BillingEvent = { type: 'StripeCustomerLinked', data: { customerId: 'cus_1', email: 'ada@example.com' } };
const activated = (occurredAt = T(0), tier: 'pro' | 'starter' = 'pro'): BillingEvent => ({
  type: 'SubscriptionActivated',
  data: {
    tier,
    status: 'active',
    subscriptionId: 'sub_1',
    customerId: 'cus_1',
    currentPeriodEnd: PERIOD_END,
    occurredAt,
  },
});
const failed = (failedAt = T(10)): BillingEvent => ({
  type: 'PaymentFailed',
  data: {
    invoiceId: 'in_2',
    failedAt,
    gracePeriodEndsAt: new Date(Date.parse(failedAt) + GRACE_DAYS * 86_400_000).toISOString(),
  },
});
const canceled = (occurredAt = T(20)): BillingEvent => ({
  type: 'SubscriptionCanceled',
  data: { subscriptionId: 'sub_1', occurredAt },
});
const proUser = [linked, activated()];

describe('Billing decider', () => {
  describe('customer link', () => {
    it('given no link, when LinkStripeCustomer, then StripeCustomerLinked', () => {
      spec
        .given([])
        .when({ type: 'LinkStripeCustomer', data: { customerId: 'cus_1', email: 'ada@example.com' }, metadata })
        .then([linked]);
    });

    it('given the same link, when LinkStripeCustomer again, then nothing (redelivery)', () => {
      spec
        .given([linked])
        .when({ type: 'LinkStripeCustomer', data: { customerId: 'cus_1', email: 'ada@example.com' }, metadata })
        .then([]);
    });

    it('given a link, when the same customer is reported without an email, then nothing (the email is kept)', () => {
      spec
        .given([linked])
        .when({ type: 'LinkStripeCustomer', data: { customerId: 'cus_1', email: '' }, metadata })
        .then([]);
    });

    it('given a link, when another customer is linked, then it becomes the current one', () => {
      const second: BillingEvent = { type: 'StripeCustomerLinked', data: { customerId: 'cus_2', email: 'a@b.co' } };
      spec
        .given([linked])
        .when({ type: 'LinkStripeCustomer', data: { customerId: 'cus_2', email: 'a@b.co' }, metadata })
        .then([second]);
      expect(foldEvents(billingDecider, [linked, second]).customerIds).toEqual(['cus_1', 'cus_2']);
    });
  });

  describe('subscription snapshots', () => {
    it('given a free user, when an active subscription is reported, then SubscriptionActivated', () => {
      spec
        .given([linked])
        .when(apply(T(0)))
        .then([activated()]);
    });

    it('given the subscription applied, when the same report arrives again, then nothing', () => {
      spec
        .given(proUser)
        .when(apply(T(0)))
        .then([]);
    });

    it('given pro, when a later report changes the plan, then SubscriptionChanged', () => {
      spec
        .given(proUser)
        .when(apply(T(5), { tier: 'starter' }))
        .then([changed('active', T(5), 'starter')]);
    });

    it('given a newer report applied, when an older one arrives late, then it is ignored (no roll-back)', () => {
      spec
        .given([...proUser, changed('active', T(5), 'starter')])
        .when(apply(T(3), { tier: 'pro' }))
        .then([]);
    });

    it('given reports of the same second, when applied in either order, then both apply (ties are not stale)', () => {
      spec
        .given(proUser)
        .when(apply(T(0), { currentPeriodEnd: '2025-05-01T12:00:00.000Z' }))
        .then([
          {
            type: 'SubscriptionChanged',
            data: {
              tier: 'pro',
              status: 'active',
              subscriptionId: 'sub_1',
              currentPeriodEnd: '2025-05-01T12:00:00.000Z',
              occurredAt: T(0),
            },
          },
        ]);
    });

    it('given pro, when the subscription is reported canceled, then SubscriptionChanged canceled (tier kept)', () => {
      spec
        .given(proUser)
        .when(apply(T(20), { status: 'canceled' }))
        .then([changed('canceled', T(20))]);
      expect(foldEvents(billingDecider, [...proUser, canceled()])).toMatchObject({ tier: 'pro', status: 'canceled' });
    });

    it('given a canceled subscription, when a non-stale active report of it arrives, then nothing (canceled is final)', () => {
      spec
        .given([...proUser, canceled()])
        .when(apply(T(20)))
        .then([]);
    });

    it('given a canceled subscription, when a new subscription is activated, then SubscriptionActivated', () => {
      spec
        .given([...proUser, canceled()])
        .when(apply(T(30), { subscriptionId: 'sub_2', tier: 'starter' }))
        .then([
          {
            type: 'SubscriptionActivated',
            data: {
              tier: 'starter',
              status: 'active',
              subscriptionId: 'sub_2',
              customerId: 'cus_1',
              currentPeriodEnd: PERIOD_END,
              occurredAt: T(30),
            },
          },
        ]);
    });

    it('given pro on sub_2, when subscription sub_1 is reported deleted, then it is only kept (sub_2 is untouched)', () => {
      const onSub2: BillingEvent = {
        type: 'SubscriptionActivated',
        data: {
          tier: 'pro',
          status: 'active',
          subscriptionId: 'sub_2',
          customerId: 'cus_1',
          currentPeriodEnd: null,
          occurredAt: T(1),
        },
      };
      spec
        .given([...proUser, onSub2])
        .when(apply(T(2), { status: 'canceled' }))
        .then([
          {
            type: 'SubscriptionReportKept',
            data: {
              subscriptionId: 'sub_1',
              report: { kind: 'snapshot', snapshot: snapshot({ status: 'canceled' }), observedAt: T(2) },
            },
          },
        ]);
    });

    it('given pro, when the subscription is reported past due, then SubscriptionChanged past_due', () => {
      spec
        .given(proUser)
        .when(apply(T(10), { status: 'past_due' }))
        .then([changed('past_due', T(10))]);
    });

    it('given a failed payment, when the subscription is reported active again, then PaymentRecovered', () => {
      spec
        .given([...proUser, failed()])
        .when(apply(T(12)))
        .then([changed('active', T(12)), { type: 'PaymentRecovered', data: { invoiceId: 'in_2', paidAt: T(12) } }]);
    });

    it('given a failed payment, when a renewed active report arrives, then SubscriptionChanged and PaymentRecovered', () => {
      const nextEnd = '2025-05-01T12:00:00.000Z';
      spec
        .given([...proUser, failed()])
        .when(apply(T(12), { currentPeriodEnd: nextEnd }))
        .then([
          {
            type: 'SubscriptionChanged',
            data: {
              tier: 'pro',
              status: 'active',
              subscriptionId: 'sub_1',
              currentPeriodEnd: nextEnd,
              occurredAt: T(12),
            },
          },
          { type: 'PaymentRecovered', data: { invoiceId: 'in_2', paidAt: T(12) } },
        ]);
    });

    it('given a report with a malformed time, when applied, then a validation error', () => {
      spec.given(proUser).when(apply('yesterday')).thenThrows('validation', undefined, { field: 'observedAt' });
    });
  });

  describe('payment failure and grace period', () => {
    it('given pro, when a renewal fails, then PaymentFailed with the grace period end', () => {
      spec
        .given(proUser)
        .when(fail(T(10)))
        .then([
          {
            type: 'PaymentFailed',
            data: { invoiceId: 'in_2', failedAt: T(10), gracePeriodEndsAt: '2025-03-08T12:10:00.000Z' },
          },
        ]);
      expect(foldEvents(billingDecider, [...proUser, failed()])).toMatchObject({ status: 'past_due', tier: 'pro' });
    });

    it('given a pending failure, when the provider retries and fails again, then nothing (grace runs from the first)', () => {
      spec
        .given([...proUser, failed()])
        .when(fail(T(30), 'in_2'))
        .then([]);
    });

    it('given a free user, when a payment fails, then nothing', () => {
      spec
        .given([linked])
        .when(fail(T(10), 'in_2', null))
        .then([]);
    });

    it('given pro on sub_1, when an invoice of another subscription fails, then it is only kept', () => {
      spec
        .given(proUser)
        .when(fail(T(10), 'in_9', 'sub_other'))
        .then([
          {
            type: 'SubscriptionReportKept',
            data: {
              subscriptionId: 'sub_other',
              report: { kind: 'payment_failed', invoiceId: 'in_9', failedAt: T(10), gracePeriodDays: GRACE_DAYS },
            },
          },
        ]);
    });

    it('given a later active report, when an older failure arrives, then it is ignored', () => {
      const renewed: BillingEvent = changed('active', T(20));
      spec
        .given([...proUser, renewed])
        .when(fail(T(10)))
        .then([]);
    });

    it('given a later past-due report, when an older failure arrives, then it still starts the grace period', () => {
      const pastDue: BillingEvent = changed('past_due', T(11));
      spec
        .given([...proUser, pastDue])
        .when(fail(T(10)))
        .then([failed(T(10))]);
    });

    it('given a pending failure, when the invoice is paid, then PaymentRecovered', () => {
      spec
        .given([...proUser, failed()])
        .when(pay(T(15), 'in_2'))
        .then([{ type: 'PaymentRecovered', data: { invoiceId: 'in_2', paidAt: T(15) } }]);
      const recovered: BillingEvent = { type: 'PaymentRecovered', data: { invoiceId: 'in_2', paidAt: T(15) } };
      expect(foldEvents(billingDecider, [...proUser, failed(), recovered])).toMatchObject({
        status: 'active',
        paymentFailure: null,
      });
    });

    it('given a pending failure, when an older payment of another invoice arrives late, then only InvoicePaid', () => {
      spec
        .given([...proUser, failed(T(10))])
        .when(pay(T(5), 'in_1'))
        .then([paidInvoice('in_1', T(5))]);
    });

    it('given no failure, when an invoice is paid (a normal renewal), then only InvoicePaid', () => {
      spec
        .given(proUser)
        .when(pay(T(15), 'in_3'))
        .then([paidInvoice('in_3', T(15))]);
    });

    it('given an invoice known paid, when its failure arrives late, then nothing (issue 11: delivery order)', () => {
      spec
        .given([...proUser, paidInvoice('in_2', T(15))])
        .when(fail(T(10), 'in_2'))
        .then([]);
    });

    it('given past due without a recorded failure, when an invoice is paid, then InvoicePaid and SubscriptionChanged active', () => {
      const pastDue: BillingEvent = changed('past_due', T(11));
      spec
        .given([...proUser, pastDue])
        .when(pay(T(15)))
        .then([paidInvoice('in_2', T(15)), changed('active', T(15))]);
    });
  });

  describe('downgrade job', () => {
    const graceEnd = '2025-03-08T12:10:00.000Z';

    it('given a failure whose grace period has not ended, when the job runs, then nothing', () => {
      spec
        .given([...proUser, failed()])
        .when(downgradeAt('2025-03-08T12:09:59.999Z'))
        .then([]);
    });

    it('given a failure whose grace period ended, when the job runs, then SubscriptionDowngraded to free', () => {
      spec
        .given([...proUser, failed()])
        .when(downgradeAt(graceEnd))
        .then([
          { type: 'SubscriptionDowngraded', data: { fromTier: 'pro', toTier: 'free', reason: 'grace_period_ended' } },
        ]);
    });

    it('given a recovered failure, when the job runs after the old grace end, then nothing', () => {
      const recovered: BillingEvent = { type: 'PaymentRecovered', data: { invoiceId: 'in_2', paidAt: T(15) } };
      spec
        .given([...proUser, failed(), recovered])
        .when(downgradeAt('2025-04-01T00:00:00.000Z'))
        .then([]);
    });

    it('given a canceled subscription, when the job runs a grace period later, then downgraded (subscription_deleted)', () => {
      spec
        .given([...proUser, canceled(T(20))])
        .when(downgradeAt('2025-03-08T12:20:00.000Z'))
        .then([
          { type: 'SubscriptionDowngraded', data: { fromTier: 'pro', toTier: 'free', reason: 'subscription_deleted' } },
        ]);
    });

    it('given a subscription that ended, when the job runs, then SubscriptionDowngraded to free at once', () => {
      spec
        .given([...proUser, canceled(T(20))])
        .when(downgradeAt(T(20)))
        .then([
          {
            type: 'SubscriptionDowngraded',
            data: { fromTier: 'pro', toTier: 'free', reason: 'subscription_deleted' },
          },
        ]);
    });

    it('given an active subscription, when the job runs, then nothing', () => {
      spec.given(proUser).when(downgradeAt('2030-01-01T00:00:00.000Z')).then([]);
    });

    it('given a downgraded user, when the job runs again, then nothing', () => {
      const downgraded: BillingEvent = {
        type: 'SubscriptionDowngraded',
        data: { fromTier: 'pro', toTier: 'free', reason: 'grace_period_ended' },
      };
      spec
        .given([...proUser, failed(), downgraded])
        .when(downgradeAt('2030-01-01T00:00:00.000Z'))
        .then([]);
      expect(foldEvents(billingDecider, [...proUser, failed(), downgraded])).toMatchObject({
        tier: 'free',
        status: 'active',
        paymentFailure: null,
        subscriptionId: null,
      });
    });

    it('given a downgrade after an unpaid grace period, when the provider finally collects it, then the tier returns', () => {
      const downgraded: BillingEvent = {
        type: 'SubscriptionDowngraded',
        data: { fromTier: 'pro', toTier: 'free', reason: 'grace_period_ended' },
      };
      spec
        .given([...proUser, failed(), downgraded])
        .when(pay(T(40)))
        .then([
          {
            type: 'SubscriptionActivated',
            data: {
              tier: 'pro',
              status: 'active',
              subscriptionId: 'sub_1',
              customerId: 'cus_1',
              currentPeriodEnd: null,
              occurredAt: T(40),
            },
          },
        ]);
    });
  });

  describe('checkout completed', () => {
    const checkout = (observedAt: string, tier: 'pro' | null = 'pro', subscriptionId = 'sub_1'): BillingCommand => ({
      type: 'RecordCheckout',
      data: { customerId: 'cus_1', email: 'ada@example.com', subscriptionId, tier, observedAt },
      metadata,
    });
    const provisional: BillingEvent = {
      type: 'SubscriptionActivated',
      data: {
        tier: 'pro',
        status: 'active',
        subscriptionId: 'sub_1',
        customerId: 'cus_1',
        currentPeriodEnd: null,
        occurredAt: T(0),
      },
    };

    it('given a new user, when the checkout completes first, then the customer is linked and the subscription activated', () => {
      spec
        .given([])
        .when(checkout(T(0)))
        .then([linked, provisional]);
    });

    it('given the subscription already reported, when the checkout completes, then only the link', () => {
      spec
        .given([activated(T(1))])
        .when(checkout(T(0)))
        .then([linked]);
    });

    it('given the checkout applied first, when the subscription report arrives, then its details are added', () => {
      spec
        .given([linked, provisional])
        .when(apply(T(1)))
        .then([changed('active', T(1))]);
    });

    it('given a checkout for a price the catalogue does not know, then only the link', () => {
      spec
        .given([])
        .when(checkout(T(0), null))
        .then([linked]);
    });

    it('given the same checkout delivered twice, then nothing the second time', () => {
      spec
        .given([linked, provisional])
        .when(checkout(T(0)))
        .then([]);
    });
  });

  describe('reports of prices the catalogue does not know', () => {
    it('given pro, when the current subscription is reported canceled with an unknown price, then it is canceled', () => {
      spec
        .given(proUser)
        .when(apply(T(20), { status: 'canceled', tier: null }))
        .then([changed('canceled', T(20))]);
    });

    it('given pro, when the current subscription is reported with an unknown price, then the tier is kept', () => {
      spec
        .given(proUser)
        .when(apply(T(5), { tier: null }))
        .then([changed('active', T(5))]);
    });

    it('given free, when an active subscription with an unknown price is reported, then it is only kept', () => {
      spec
        .given([linked])
        .when(apply(T(0), { tier: null }))
        .then([
          {
            type: 'SubscriptionReportKept',
            data: {
              subscriptionId: 'sub_1',
              report: { kind: 'snapshot', snapshot: snapshot({ tier: null }), observedAt: T(0) },
            },
          },
        ]);
    });

    it('given free, when a new subscription of a replaced price declares the tier Stride sold, then it starts on it', () => {
      spec
        .given([linked])
        .when(apply(T(0), { tier: null, declaredTier: 'pro' }))
        .then([activated()]);
    });

    it('given pro, when the current subscription declares a stale tier for an unknown price, then the tier is kept', () => {
      spec
        .given(proUser)
        .when(apply(T(5), { tier: null, declaredTier: 'starter' }))
        .then([changed('active', T(5))]);
    });
  });

  describe('several commands in one delivery', () => {
    it('when a checkout links the customer and applies its subscription, then both events, in order', () => {
      const { events, state } = decideInTurn(
        billingDecider,
        [
          { type: 'LinkStripeCustomer', data: { customerId: 'cus_1', email: 'ada@example.com' }, metadata },
          apply(T(0)),
        ],
        billingDecider.initialState(),
      );
      expect(events).toEqual([linked, activated()]);
      expect(state).toMatchObject({ tier: 'pro', status: 'active', customerIds: ['cus_1'], subscriptionId: 'sub_1' });
    });
  });
});
