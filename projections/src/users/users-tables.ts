import { defineTable, type JsonValue } from '../core/table';

/** A registered user: profile, preferences and onboarding (user streams). */
export type UserRow = {
  id: string;
  email: string;
  name: string;
  preferences: { [key: string]: JsonValue };
  onboarding_completed: boolean;
  attribution: { [key: string]: JsonValue } | null;
  /** IANA zone; DEFAULT_TIME_ZONE until one is recorded. */
  time_zone: string;
  created_at: string;
  updated_at: string;
};

export const usersTable = defineTable<UserRow, 'id'>({
  name: 'users',
  key: ['id'],
  columns: {
    id: 'text',
    email: 'text',
    name: 'text',
    preferences: 'jsonb',
    onboarding_completed: 'boolean',
    attribution: 'jsonb',
    time_zone: 'text',
    created_at: 'instant',
    updated_at: 'instant',
  },
});

/** A user's plan as the billing streams tell it. No row = free and active. */
export type UserBillingRow = {
  user_id: string;
  tier: string;
  status: string;
  subscription_id: string | null;
  customer_id: string | null;
  current_period_end: string | null;
  payment_failed_at: string | null;
  grace_period_ends_at: string | null;
  updated_at: string;
};

export const userBillingTable = defineTable<UserBillingRow, 'user_id'>({
  name: 'user_billing',
  key: ['user_id'],
  columns: {
    user_id: 'text',
    tier: 'text',
    status: 'text',
    subscription_id: 'text',
    customer_id: 'text',
    current_period_end: 'instant',
    payment_failed_at: 'instant',
    grace_period_ends_at: 'instant',
    updated_at: 'instant',
  },
});
