import { createContext, useContext } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { publicConfigSchema, type PublicConfig } from '@stride/domain/contracts/users';
import { apiClient } from './api-client';
import { queryRoots } from './query-client';

/** GET /api/config: what the app needs before sign-in. */
export const fetchPublicConfig = (signal?: AbortSignal): Promise<PublicConfig> =>
  apiClient.get('/config', { schema: publicConfigSchema, signal, readYourWrites: false });

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: [queryRoots.config],
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const PublicConfigContext = createContext<PublicConfig>({
  authMode: 'dev',
  clerkPublishableKey: null,
  paymentsMode: 'test-checkout',
  supportEmail: 'support@stride.app',
  requestSigning: false,
});

export function usePublicConfig(): PublicConfig {
  return useContext(PublicConfigContext);
}
