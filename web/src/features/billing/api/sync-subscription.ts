import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

const syncResponseSchema = z.object({
  success: z.boolean().optional(),
  message: z.string().nullish(),
  subscription: z.object({ tier: z.string(), status: z.string().optional() }).nullish(),
});
export type SyncResponse = z.infer<typeof syncResponseSchema>;

/** POST /api/stripe/sync-subscription-bypass {email?} -> subscription.tier (or none found). */
export const syncSubscription = (email?: string) =>
  apiClient.post('/stripe/sync-subscription-bypass', email ? { email } : {}, { schema: syncResponseSchema });

export const useSyncSubscription = () => useMutation({ mutationFn: syncSubscription });
