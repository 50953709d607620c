import { queryOptions, useQuery } from '@tanstack/react-query';
import { userMetricsSchema, type UserMetrics } from '@stride/domain/analytics/user-metrics';
import { apiClient, isApiError } from '../../../lib/api-client';
import { analyticsKeys } from './keys';

/**
 * GET /api/analytics/user-metrics-simple?userId, falling back to /api/analytics/user-metrics (spec
 * section 7). A 403 (plan required) is not retried on the fallback.
 */
export async function getUserMetrics(userId: string, signal?: AbortSignal): Promise<UserMetrics> {
  try {
    return await apiClient.get('/analytics/user-metrics-simple', { schema: userMetricsSchema, query: { userId }, signal });
  } catch (error) {
    if (signal?.aborted || (isApiError(error) && (error.status === 403 || error.status === 401))) throw error;
    return apiClient.get('/analytics/user-metrics', { schema: userMetricsSchema, query: { userId }, signal });
  }
}

export const userMetricsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: analyticsKeys.user(userId),
    queryFn: ({ signal }) => getUserMetrics(userId, signal),
    retry: (count, error) => count < 1 && !(isApiError(error) && error.status === 403),
  });

export const useUserMetrics = (userId: string) => useQuery({ ...userMetricsQueryOptions(userId), enabled: Boolean(userId) });
