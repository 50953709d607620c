import { createContext, useContext } from 'react';
import type { SubscriptionTier } from '@stride/domain/plans/subscription-tiers';

/** Spec section 3, "User data (client)", plus the derived fields the server record carries. */
export interface ClientUserData {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly subscriptionTier: SubscriptionTier;
  readonly subscriptionStatus: 'active' | 'canceled' | 'past_due';
  readonly goalsThisMonth: number;
  readonly activeGoalsCount: number;
  /** -1 means unlimited. */
  readonly goalsLimit: number;
  readonly aiGenerationsThisMonth: number;
  readonly aiGenerationsLimit: number;
  /** YYYY-MM. */
  readonly currentMonth: string;
  readonly lastResetDate: string | null;
  readonly paymentFailedAt: string | null;
  readonly gracePeriodEndsAt: string | null;
  readonly createdAt: string | null;
  readonly isAdmin: boolean;
  readonly onboardingCompleted: boolean;
  /** IANA zone the server counts this user's days, hours and months in. */
  readonly timeZone: string;
}

export type UsageType = 'goals' | 'ai';
export type UserDataSource = 'server' | 'cache' | 'defaults';

export interface CurrentUser {
  readonly user: ClientUserData | null;
  readonly status: 'idle' | 'loading' | 'ready';
  readonly source: UserDataSource | null;
  refresh(): Promise<void>;
  /** Raises the local counter at once (spec section 4, "Usage"). */
  beginUsage(type: UsageType): void;
  /** Replaces the local counter with the server's value, or asks the server for it when none is given. */
  reconcileUsage(type: UsageType, serverValue?: number): void;
  /** Updates fields locally (e.g. onboarding completed, tier after a sync). */
  patchUser(patch: Partial<ClientUserData>): void;
}

const noop = () => undefined;

export const CurrentUserContext = createContext<CurrentUser>({
  user: null,
  status: 'idle',
  source: null,
  refresh: async () => undefined,
  beginUsage: noop,
  reconcileUsage: noop,
  patchUser: noop,
});

export function useCurrentUser(): CurrentUser {
  return useContext(CurrentUserContext);
}
