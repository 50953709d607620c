import type { SyncResponse } from '../api/sync-subscription';

export interface SyncOutcome {
  readonly tone: 'success' | 'info' | 'error';
  readonly text: string;
  /** The 'sync with another email' input should appear. */
  readonly askEmail: boolean;
  readonly tier: string | null;
}

/** Spec section 8, "Sync". */
export function syncOutcome(result: SyncResponse, email?: string): SyncOutcome {
  const tier = result.subscription?.tier ?? null;
  if (tier) return { tone: 'success', text: `Subscription synced! Tier: ${tier}`, askEmail: false, tier };
  if (email) return { tone: 'info', text: `No subscription found for ${email}`, askEmail: true, tier: null };
  return {
    tone: 'info',
    text: 'No active subscription found. Try syncing with your Stripe email?',
    askEmail: true,
    tier: null,
  };
}

export function syncFailure(error: unknown): SyncOutcome {
  const message = error instanceof Error && error.message ? error.message : 'Unknown error';
  return { tone: 'error', text: `Sync failed: ${message}`, askEmail: false, tier: null };
}
