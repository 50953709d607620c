import { describe, expect, it } from 'vitest';
import { eventRegistry } from '@stride/domain/event-catalogue';
import { replay, storedEvents } from '../../test/replay';
import { createUsersProjection } from './users-projection';
import { userBillingTable, usersTable } from './users-tables';

const projection = createUsersProjection(eventRegistry);
const registered = {
  streamId: 'user-u1',
  event: { type: 'UserRegistered', data: { userId: 'u1', email: 'u1@example.com', name: 'U One', attribution: null } },
};
const billing = (type: string, data: Record<string, unknown>) => ({ streamId: 'billing-u1', event: { type, data } });
const activated = billing('SubscriptionActivated', {
  tier: 'pro',
  status: 'active',
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  currentPeriodEnd: '2026-02-01T00:00:00Z',
  occurredAt: '2026-01-01T00:00:00Z',
});

describe('users projection', () => {
  it('profile, merged preferences and onboarding', () => {
    const rows = replay(
      projection,
      storedEvents([
        registered,
        { streamId: 'user-u1', event: { type: 'UserProfileUpdated', data: { name: 'Una' } } },
        {
          streamId: 'user-u1',
          event: { type: 'UserPreferencesUpdated', data: { preferences: { lastViewedGoalId: 'g1' } } },
        },
        { streamId: 'user-u1', event: { type: 'UserPreferencesUpdated', data: { preferences: { theme: 'dark' } } } },
        { streamId: 'user-u1', event: { type: 'OnboardingCompleted', data: {} } },
      ]),
    );
    expect(rows.get(usersTable, { id: 'u1' })?.time_zone).toBe('UTC');
    expect(rows.get(usersTable, { id: 'u1' })).toMatchObject({
      email: 'u1@example.com',
      name: 'Una',
      preferences: { lastViewedGoalId: 'g1', theme: 'dark' },
      onboarding_completed: true,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:04.000Z',
    });
  });

  it('the time zone starts as UTC and follows UserTimeZoneChanged', () => {
    const rows = replay(
      projection,
      storedEvents([
        registered,
        {
          streamId: 'user-u1',
          event: { type: 'UserTimeZoneChanged', data: { timeZone: 'America/Los_Angeles', source: 'browser' } },
        },
      ]),
    );
    expect(rows.get(usersTable, { id: 'u1' })).toMatchObject({
      time_zone: 'America/Los_Angeles',
      updated_at: '2026-01-01T00:00:01.000Z',
    });
  });

  it('billing: activation, payment failure and recovery, cancellation, downgrade, customer link', () => {
    const events = [
      activated,
      billing('PaymentFailed', {
        invoiceId: 'in_1',
        failedAt: '2026-01-10T00:00:00Z',
        gracePeriodEndsAt: '2026-01-17T00:00:00Z',
      }),
    ];
    expect(replay(projection, storedEvents(events)).get(userBillingTable, { user_id: 'u1' })).toMatchObject({
      tier: 'pro',
      status: 'past_due',
      subscription_id: 'sub_1',
      customer_id: 'cus_1',
      current_period_end: '2026-02-01T00:00:00.000Z',
      payment_failed_at: '2026-01-10T00:00:00.000Z',
      grace_period_ends_at: '2026-01-17T00:00:00.000Z',
    });
    const recovered = [...events, billing('PaymentRecovered', { invoiceId: 'in_1', paidAt: '2026-01-11T00:00:00Z' })];
    expect(replay(projection, storedEvents(recovered)).get(userBillingTable, { user_id: 'u1' })).toMatchObject({
      status: 'active',
      payment_failed_at: null,
      grace_period_ends_at: null,
    });
    const canceled = [
      ...recovered,
      billing('SubscriptionCanceled', { subscriptionId: 'sub_1', occurredAt: '2026-01-12T00:00:00Z' }),
    ];
    expect(replay(projection, storedEvents(canceled)).get(userBillingTable, { user_id: 'u1' })).toMatchObject({
      tier: 'pro',
      status: 'canceled',
    });
    const downgraded = [
      ...canceled,
      billing('SubscriptionDowngraded', { fromTier: 'pro', toTier: 'free', reason: 'subscription_deleted' }),
      billing('StripeCustomerLinked', { customerId: 'cus_2', email: 'u1@example.com' }),
    ];
    expect(replay(projection, storedEvents(downgraded)).get(userBillingTable, { user_id: 'u1' })).toMatchObject({
      tier: 'free',
      status: 'active',
      subscription_id: null,
      customer_id: 'cus_2',
    });
  });

  it('a billing event before registration still records the plan; unknown events are ignored', () => {
    const rows = replay(projection, storedEvents([activated, billing('InvoiceSomethingNew', { x: 1 })]));
    expect(rows.get(userBillingTable, { user_id: 'u1' })?.tier).toBe('pro');
    expect(rows.rows(usersTable)).toEqual([]);
  });

  it('fails on malformed billing data instead of skipping it', () => {
    const bad = storedEvents([billing('PaymentFailed', { invoiceId: 'in_1', failedAt: 'yesterday' })]);
    expect(() => projection.decodeBatch(bad)).toThrow();
  });
});
