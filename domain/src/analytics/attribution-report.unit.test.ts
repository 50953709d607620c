import { describe, expect, it } from 'vitest';
import { channelOfAttribution, revenueCentsOf } from './attribution-report';
import { analyticsUserOf } from './event-owner';
import { hasProAnalytics } from '../plans/limits';

describe('attribution report rules', () => {
  it('books a paid activation at its plan price, and an explicit amount as given', () => {
    expect(revenueCentsOf('SubscriptionActivated', { tier: 'pro' })).toBe(1200);
    expect(revenueCentsOf('SubscriptionActivated', { tier: 'starter' })).toBe(500);
    expect(revenueCentsOf('InvoicePaid', { amountCents: 4_200 })).toBe(4_200);
    expect(revenueCentsOf('SubscriptionChanged', { tier: 'pro' })).toBe(0);
    expect(revenueCentsOf('GoalCreated', null)).toBe(0);
  });

  it('takes the recorded channel, and Direct without a record', () => {
    expect(channelOfAttribution({ acquisition_channel: 'Social' })).toBe('Social');
    expect(channelOfAttribution(null)).toBe('Direct');
  });
});

describe('the user an event counts for', () => {
  it('is the user a user, usage or billing stream is named after, whoever caused the event', () => {
    expect(analyticsUserOf('billing-user-7', 'billing-job')).toBe('user-7');
    expect(analyticsUserOf('usage-u1', 'u1')).toBe('u1');
    expect(analyticsUserOf('user-u1', 'admin')).toBe('u1');
  });

  it('is the user who caused a goal event, and the actor for streams it does not know', () => {
    expect(analyticsUserOf('goal-g1', 'u1')).toBe('u1');
    expect(analyticsUserOf('something-else', 'u2')).toBe('u2');
  });
});

describe('pro analytics', () => {
  it('are for pro and team only (unknown tiers are free)', () => {
    expect(['pro', 'team', 'starter', 'lite', 'basic', 'free', 'platinum', null].map(hasProAnalytics)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
