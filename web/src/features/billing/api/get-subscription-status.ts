import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionStatusResponseSchema, type SubscriptionStatusResponse } from '@stride/domain/contracts/billing';
import { apiClient } from '../../../lib/api-client';
import { billingKeys } from './keys';

/** GET /api/stripe/subscription-status: the caller's billing state, with the billing clock's time. */
export const getSubscriptionStatus = (signal?: AbortSignal): Promise<SubscriptionStatusResponse> =>
  apiClient.get('/stripe/subscription-status', { schema: subscriptionStatusResponseSchema, signal });

export const subscriptionStatusQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.status(),
    queryFn: ({ signal }) => getSubscriptionStatus(signal),
    staleTime: 60_000,
  });

/** Asked only when `enabled` (a screen that shows something from it). */
export const useSubscriptionStatus = (enabled: boolean) => useQuery({ ...subscriptionStatusQueryOptions(), enabled });

/**
 * The billing clock's now in this browser: the server's billing time when last read, moved on by the
 * browser's clock since (in test mode an admin can move the billing clock ahead of the wall clock).
 */
export function billingClockNow(status: { billingNow: string } | undefined, fetchedAt: number, now = Date.now()) {
  if (status === undefined || fetchedAt === 0) return now;
  const billingAt = Date.parse(status.billingNow);
  return Number.isNaN(billingAt) ? now : billingAt + (now - fetchedAt);
}
