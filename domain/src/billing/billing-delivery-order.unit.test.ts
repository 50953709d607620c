import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideInTurn } from '../shared/decide-in-turn';
import type { CommandMetadata } from '../shared/event';
import type { PaidTier } from '../plans/subscription-tiers';
import { billingDecider, type BillingCommand, type SubscriptionSnapshot } from './billing-decider';
import { effectiveTierAt, nextDowngrade } from './billing-rules';

/**
 * Issue 11, defect 4: Stripe delivers webhooks late and in any order. Whatever the order in which the
 * reports of one realistic subscription lifecycle arrive, the user ends in the state the ordered delivery
 * gives. Each command below is what the webhook translation makes of the Stripe event it is named after.
 */

const GRACE_DAYS = 7;
const START = Date.UTC(2026, 0, 10, 9, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const metadata: CommandMetadata = { now: new Date(START), userId: 'user_1' };
const SUB = 'sub_1';
const CUS = 'cus_1';

interface Delivery {
  readonly stripeEvent: string;
  readonly command: BillingCommand;
}

type Phase = 'plan_change' | 'renewal' | 'payment_failed_then_recovered' | 'payment_failed' | 'failure_retried';

interface Lifecycle {
  readonly tier: PaidTier;
  readonly phases: readonly Phase[];
  readonly canceledAtPeriodEnd: boolean;
  readonly deleted: boolean;
  readonly otherTier: PaidTier;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** The ordered deliveries Stripe would make for a lifecycle (events of one moment share its second). */
function deliveriesOf(lifecycle: Lifecycle): Delivery[] {
  const out: Delivery[] = [];
  let at = START;
  let view: SubscriptionSnapshot = {
    subscriptionId: SUB,
    customerId: CUS,
    tier: lifecycle.tier,
    status: 'active',
    currentPeriodEnd: iso(START + 30 * DAY),
  };
  let invoice = 1;
  const subscription = (stripeEvent: string, changes: Partial<SubscriptionSnapshot> = {}) => {
    view = { ...view, ...changes };
    out.push({
      stripeEvent,
      command: { type: 'ApplySubscriptionSnapshot', data: { snapshot: view, observedAt: iso(at) }, metadata },
    });
  };
  const invoicePaid = (invoiceId: string) =>
    out.push({
      stripeEvent: 'invoice.paid',
      command: { type: 'RecordPayment', data: { invoiceId, subscriptionId: SUB, paidAt: iso(at) }, metadata },
    });
  const invoiceFailed = (invoiceId: string) =>
    out.push({
      stripeEvent: 'invoice.payment_failed',
      command: {
        type: 'RecordPaymentFailure',
        data: { invoiceId, subscriptionId: SUB, failedAt: iso(at), gracePeriodDays: GRACE_DAYS },
        metadata,
      },
    });

  // The checkout is recorded at the time the session was opened, a little before the subscription starts.
  out.push({
    stripeEvent: 'checkout.session.completed',
    command: {
      type: 'RecordCheckout',
      data: {
        customerId: CUS,
        email: 'ada@example.com',
        subscriptionId: SUB,
        tier: lifecycle.tier,
        observedAt: iso(at),
      },
      metadata,
    },
  });
  at += 60_000;
  subscription('customer.subscription.created');
  invoicePaid(`in_${invoice++}`);

  for (const phase of lifecycle.phases) {
    at += 3 * DAY;
    switch (phase) {
      case 'plan_change':
        subscription('customer.subscription.updated', {
          tier: view.tier === lifecycle.otherTier ? lifecycle.tier : lifecycle.otherTier,
        });
        break;
      case 'renewal':
        invoicePaid(`in_${invoice++}`);
        subscription('customer.subscription.updated', {
          currentPeriodEnd: iso(Date.parse(view.currentPeriodEnd!) + 30 * DAY),
        });
        break;
      case 'payment_failed':
      case 'payment_failed_then_recovered':
      case 'failure_retried': {
        const failing = `in_${invoice++}`;
        invoiceFailed(failing);
        subscription('customer.subscription.updated', { status: 'past_due' });
        if (phase === 'failure_retried') {
          at += DAY;
          invoiceFailed(failing);
        }
        if (phase !== 'payment_failed') {
          at += DAY;
          invoicePaid(failing);
          subscription('customer.subscription.updated', { status: 'active' });
        }
        break;
      }
    }
  }
  if (lifecycle.canceledAtPeriodEnd) {
    at += HOUR;
    subscription('customer.subscription.updated', { cancelAtPeriodEnd: true });
  }
  if (lifecycle.deleted) {
    at += HOUR;
    subscription('customer.subscription.deleted', { status: 'canceled' });
  }
  return out;
}

const tier = fc.constantFrom<PaidTier>('starter', 'pro', 'team');
const lifecycleArb: fc.Arbitrary<Lifecycle> = fc
  .record({
    tier,
    otherTier: tier,
    middle: fc.array(
      fc.constantFrom<Phase>('plan_change', 'renewal', 'payment_failed_then_recovered', 'failure_retried'),
      {
        maxLength: 3,
      },
    ),
    // An unpaid failure can only be the last thing that happens before the end.
    unpaid: fc.boolean(),
    canceledAtPeriodEnd: fc.boolean(),
    deleted: fc.boolean(),
  })
  .map(({ middle, unpaid, ...rest }) => ({
    ...rest,
    phases: unpaid ? [...middle.filter((p) => p !== 'failure_retried'), 'payment_failed' as const] : middle,
  }));

const deliveryCase = lifecycleArb.chain((lifecycle) => {
  const ordered = deliveriesOf(lifecycle);
  return fc
    .shuffledSubarray(ordered, { minLength: ordered.length, maxLength: ordered.length })
    .map((shuffled) => ({ ordered, shuffled }));
});

const finalState = (deliveries: readonly Delivery[]) =>
  deliveries.reduce(
    (state, { command }) => decideInTurn(billingDecider, [command], state).state,
    billingDecider.initialState(),
  );

describe('billing: the final state does not depend on the order webhooks arrive in (issue 11, defect 4)', () => {
  it('every permutation of a realistic lifecycle ends where the ordered delivery ends', () => {
    fc.assert(
      fc.property(deliveryCase, ({ ordered, shuffled }) => {
        const expected = finalState(ordered);
        const actual = finalState(shuffled);
        expect(actual).toEqual(expected);
        // And therefore what the user gets, now and later, is the same.
        for (const days of [0, 8, 40, 100]) {
          const at = new Date(START + days * DAY);
          expect(effectiveTierAt(actual, at)).toBe(effectiveTierAt(expected, at));
        }
        expect(nextDowngrade(actual)).toEqual(nextDowngrade(expected));
      }),
      { numRuns: 400 },
    );
  });

  it('the deliveries the issue names: deleted before created ends canceled, past due before known ends past due', () => {
    const canceledLife = deliveriesOf({
      tier: 'pro',
      otherTier: 'pro',
      phases: [],
      canceledAtPeriodEnd: false,
      deleted: true,
    });
    const byType = (deliveries: Delivery[], ...types: string[]) =>
      types.flatMap((type) => deliveries.filter((d) => d.stripeEvent === type));
    const deletedFirst = byType(
      canceledLife,
      'customer.subscription.deleted',
      'customer.subscription.created',
      'checkout.session.completed',
      'invoice.paid',
    );
    expect(finalState(deletedFirst)).toMatchObject({ tier: 'pro', status: 'canceled', subscriptionId: SUB });
    expect(effectiveTierAt(finalState(deletedFirst), new Date(START + DAY))).toBe('free');

    const pastDueLife = deliveriesOf({
      tier: 'pro',
      otherTier: 'pro',
      phases: ['payment_failed'],
      canceledAtPeriodEnd: false,
      deleted: false,
    });
    const failureFirst = byType(
      pastDueLife,
      'invoice.payment_failed',
      'customer.subscription.updated',
      'customer.subscription.created',
      'checkout.session.completed',
      'invoice.paid',
    );
    const state = finalState(failureFirst);
    expect(state).toMatchObject({ tier: 'pro', status: 'past_due' });
    expect(state.paymentFailure).not.toBeNull();
    expect(state).toEqual(finalState(pastDueLife));
  });
});
