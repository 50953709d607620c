import { describe, expect, it } from 'vitest';
import { foldEvents } from '../shared/decider';
import { billingDecider } from './billing-decider';
import type { BillingEvent } from './billing-events';
import { effectiveTierAt, graceDaysRemaining, nextDowngrade } from './billing-rules';

const activated: BillingEvent = {
  type: 'SubscriptionActivated',
  data: {
    tier: 'starter',
    status: 'active',
    subscriptionId: 'sub_1',
    customerId: 'cus_1',
    currentPeriodEnd: null,
    occurredAt: '2025-03-01T00:00:00.000Z',
  },
};
const failed: BillingEvent = {
  type: 'PaymentFailed',
  data: { invoiceId: 'in_1', failedAt: '2025-03-02T00:00:00.000Z', gracePeriodEndsAt: '2025-03-09T00:00:00.000Z' },
};
const canceled: BillingEvent = {
  type: 'SubscriptionCanceled',
  data: { subscriptionId: 'sub_1', occurredAt: '2025-03-05T00:00:00.000Z' },
};
const stateOf = (events: BillingEvent[]) => foldEvents(billingDecider, events);

describe('billing rules', () => {
  describe('effective tier (the limits that apply now)', () => {
    it('given no subscription, then free', () => {
      expect(effectiveTierAt(stateOf([]), new Date())).toBe('free');
    });

    it('given an active subscription, then its tier', () => {
      expect(effectiveTierAt(stateOf([activated]), new Date('2025-03-03T00:00:00Z'))).toBe('starter');
    });

    it('given a failed payment, then the tier within the grace period and free once it has ended', () => {
      const state = stateOf([activated, failed]);
      expect(effectiveTierAt(state, new Date('2025-03-08T23:59:59Z'))).toBe('starter');
      expect(effectiveTierAt(state, new Date('2025-03-09T00:00:00Z'))).toBe('free');
    });

    it('given a canceled subscription, then free (the tier is kept only for the inactive screen)', () => {
      expect(effectiveTierAt(stateOf([activated, canceled]), new Date('2025-03-06T00:00:00Z'))).toBe('free');
    });
  });

  describe('grace days remaining', () => {
    it('rounds up to whole days and never goes below zero', () => {
      const state = stateOf([activated, failed]);
      expect(graceDaysRemaining(state, new Date('2025-03-02T00:00:00Z'))).toBe(7);
      expect(graceDaysRemaining(state, new Date('2025-03-08T01:00:00Z'))).toBe(1);
      expect(graceDaysRemaining(state, new Date('2025-03-10T00:00:00Z'))).toBe(0);
      expect(graceDaysRemaining(stateOf([activated]), new Date())).toBeNull();
    });
  });

  describe('next downgrade', () => {
    it('is the grace period end for a failed payment', () => {
      expect(nextDowngrade(stateOf([activated, failed]))).toEqual({
        dueAt: '2025-03-09T00:00:00.000Z',
        reason: 'grace_period_ended',
      });
    });

    it('is the moment the subscription ended, pending failure or not (issue 13: cancel ends the plan)', () => {
      expect(nextDowngrade(stateOf([activated, canceled]))).toEqual({
        dueAt: '2025-03-05T00:00:00.000Z',
        reason: 'subscription_deleted',
      });
      expect(nextDowngrade(stateOf([activated, failed, canceled]))).toEqual({
        dueAt: '2025-03-05T00:00:00.000Z',
        reason: 'subscription_deleted',
      });
    });

    it('is the end of the paid period for a subscription canceled at period end, or the earlier grace end', () => {
      const periodEnd = '2025-03-20T00:00:00.000Z';
      const cancelsAtEnd: BillingEvent = {
        type: 'SubscriptionChanged',
        data: {
          tier: 'starter',
          status: 'active',
          subscriptionId: 'sub_1',
          currentPeriodEnd: periodEnd,
          cancelAtPeriodEnd: true,
          occurredAt: '2025-03-03T00:00:00.000Z',
        },
      };
      const state = stateOf([activated, cancelsAtEnd]);
      expect(nextDowngrade(state)).toEqual({ dueAt: periodEnd, reason: 'subscription_deleted' });
      expect(effectiveTierAt(state, new Date('2025-03-19T23:59:59Z'))).toBe('starter');
      expect(effectiveTierAt(state, new Date(periodEnd))).toBe('free');
      expect(nextDowngrade(stateOf([activated, cancelsAtEnd, failed]))).toEqual({
        dueAt: '2025-03-09T00:00:00.000Z',
        reason: 'grace_period_ended',
      });
    });

    it('is none for an active subscription or free', () => {
      expect(nextDowngrade(stateOf([activated]))).toBeNull();
      expect(nextDowngrade(stateOf([]))).toBeNull();
    });
  });
});
