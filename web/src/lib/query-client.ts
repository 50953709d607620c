import { QueryClient } from '@tanstack/react-query';

/** Spec section 9: stale 30 s, garbage collection 5 min, one retry with backoff capped at 10 s. */
export const QUERY_STALE_MS = 30_000;
export const QUERY_GC_MS = 5 * 60_000;
export const QUERY_RETRIES = 1;
export const RETRY_BACKOFF_CAP_MS = 10_000;
/** Goals list: stale after 60 s, one retry. */
export const GOALS_LIST_STALE_MS = 60_000;

export const retryDelay = (attemptIndex: number): number => Math.min(1000 * 2 ** attemptIndex, RETRY_BACKOFF_CAP_MS);

/**
 * The first segment of every query key, per feature. Features invalidate another feature's data through
 * these roots (never by importing its key factory).
 */
export const queryRoots = {
  config: 'config',
  user: 'user',
  preferences: 'preferences',
  goals: 'goals',
  tasks: 'tasks',
  planner: 'planner',
  collections: 'collections',
  templates: 'templates',
  plans: 'plans',
  billing: 'billing',
  analytics: 'analytics',
  admin: 'admin',
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        retry: QUERY_RETRIES,
        retryDelay,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: 0 },
    },
  });
}

export const queryClient = createQueryClient();
