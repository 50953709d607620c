import { billingEventDefinitions, type BillingEvent } from '@stride/domain/billing/billing-events';
import type { EventRegistry } from '@stride/domain/shared/event-registry';
import { assertNever } from '@stride/domain/shared/event';
import { parseStreamId } from '@stride/domain/stream-ids';
import { userEventDefinitions, type UserEvent } from '@stride/domain/users/user-events';
import { DEFAULT_TIME_ZONE } from '@stride/domain/users/user-time-zone';
import { isoInstant, isoInstantOrNull } from '../core/instant';
import { defineProjection, rowRef, type EventEnvelope } from '../core/projection';
import type { RowStore } from '../core/row-store';
import type { JsonValue } from '../core/table';
import { userBillingTable, usersTable, type UserBillingRow } from './users-tables';

export type UsersProjectionEvent = UserEvent | BillingEvent;

/** Billing owns and writes these events (stream `billing-{userId}`); their schemas are billing's own. */
const billingEventTypes = new Set<string>(billingEventDefinitions.map((definition) => definition.type));
const isBillingEvent = (event: UsersProjectionEvent): event is BillingEvent => billingEventTypes.has(event.type);

const userIdOf = (envelope: EventEnvelope): string => parseStreamId(envelope.streamId).id;

const asJson = (value: object): { [key: string]: JsonValue } =>
  JSON.parse(JSON.stringify(value)) as { [key: string]: JsonValue };

const applyUserEvent = (rows: RowStore, event: UserEvent, envelope: EventEnvelope): void => {
  const id = userIdOf(envelope);
  const updated_at = envelope.recordedAt;
  switch (event.type) {
    case 'UserRegistered': {
      const { email, name, attribution } = event.data;
      rows.put(usersTable, {
        id,
        email,
        name,
        preferences: {},
        onboarding_completed: false,
        attribution: attribution === null ? null : asJson(attribution),
        time_zone: DEFAULT_TIME_ZONE,
        created_at: envelope.recordedAt,
        updated_at,
      });
      return;
    }
    case 'UserProfileUpdated':
      return rows.update(usersTable, { id }, (user) => ({
        email: event.data.email ?? user.email,
        name: event.data.name ?? user.name,
        updated_at,
      }));
    case 'UserPreferencesUpdated':
      return rows.update(usersTable, { id }, (user) => ({
        preferences: { ...user.preferences, ...asJson(event.data.preferences) },
        updated_at,
      }));
    case 'OnboardingCompleted':
      return rows.update(usersTable, { id }, () => ({ onboarding_completed: true, updated_at }));
    case 'UserTimeZoneChanged':
      return rows.update(usersTable, { id }, () => ({ time_zone: event.data.timeZone, updated_at }));
    case 'UserErased':
      rows.delete(usersTable, { id });
      return rows.delete(userBillingTable, { user_id: id });
    default:
      return assertNever(event);
  }
};

const freeBilling = (userId: string, updatedAt: string): UserBillingRow => ({
  user_id: userId,
  tier: 'free',
  status: 'active',
  subscription_id: null,
  customer_id: null,
  current_period_end: null,
  payment_failed_at: null,
  grace_period_ends_at: null,
  updated_at: updatedAt,
});

const paymentCleared = { payment_failed_at: null, grace_period_ends_at: null } as const;

const billingChange = (event: BillingEvent): Partial<UserBillingRow> => {
  switch (event.type) {
    case 'SubscriptionActivated':
      return {
        tier: event.data.tier,
        status: 'active',
        subscription_id: event.data.subscriptionId,
        customer_id: event.data.customerId,
        current_period_end: isoInstantOrNull(event.data.currentPeriodEnd),
        ...paymentCleared,
      };
    case 'SubscriptionChanged':
      return {
        tier: event.data.tier,
        status: event.data.status,
        subscription_id: event.data.subscriptionId,
        current_period_end: isoInstantOrNull(event.data.currentPeriodEnd),
        ...(event.data.status === 'canceled' && paymentCleared),
      };
    case 'SubscriptionCanceled':
      return { status: 'canceled', ...paymentCleared };
    case 'PaymentFailed':
      return {
        status: 'past_due',
        payment_failed_at: isoInstant(event.data.failedAt),
        grace_period_ends_at: isoInstant(event.data.gracePeriodEndsAt),
      };
    case 'PaymentRecovered':
      return { status: 'active', ...paymentCleared };
    case 'SubscriptionDowngraded':
      return {
        tier: event.data.toTier,
        status: 'active',
        subscription_id: null,
        current_period_end: null,
        ...paymentCleared,
      };
    case 'StripeCustomerLinked':
      return { customer_id: event.data.customerId };
    // Billing's own bookkeeping of delivery order: nothing a user row shows.
    case 'SubscriptionReportKept':
    case 'InvoicePaid':
      return {};
    default:
      return assertNever(event);
  }
};

const applyBillingEvent = (rows: RowStore, event: BillingEvent, envelope: EventEnvelope): void => {
  const userId = userIdOf(envelope);
  const current = rows.get(userBillingTable, { user_id: userId }) ?? freeBilling(userId, envelope.recordedAt);
  rows.put(userBillingTable, { ...current, ...billingChange(event), updated_at: envelope.recordedAt });
};

export const applyUsersEvent = (rows: RowStore, event: UsersProjectionEvent, envelope: EventEnvelope): void => {
  if (isBillingEvent(event)) applyBillingEvent(rows, event, envelope);
  else applyUserEvent(rows, event, envelope);
};

export const createUsersProjection = (registry: EventRegistry) =>
  defineProjection<UsersProjectionEvent>(
    {
      name: 'users',
      tables: [usersTable, userBillingTable],
      eventTypes: [...userEventDefinitions, ...billingEventDefinitions].map((definition) => definition.type),
      keysOf: (event, envelope) => {
        const billing = rowRef(userBillingTable, { user_id: userIdOf(envelope) });
        const user = rowRef(usersTable, { id: userIdOf(envelope) });
        if (isBillingEvent(event)) return [billing];
        return event.type === 'UserErased' ? [user, billing] : [user];
      },
      apply: applyUsersEvent,
    },
    registry,
  );
