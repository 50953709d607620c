import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { syncSubscriptionResponseSchema } from '@stride/domain/contracts/billing';
import { apiClient } from '../../../lib/api-client';

export type SyncResponse = z.infer<typeof syncSubscriptionResponseSchema>;

/** POST /api/stripe/sync-subscription-bypass {email?} -> {found, subscription: {tier, status} | null}. */
export const syncSubscription = (email?: string) =>
  apiClient.post('/stripe/sync-subscription-bypass', email ? { email } : {}, {
    schema: syncSubscriptionResponseSchema,
  });

export const useSyncSubscription = () => useMutation({ mutationFn: syncSubscription });
