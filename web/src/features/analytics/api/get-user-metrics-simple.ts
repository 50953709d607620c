import { queryOptions, useQuery } from '@tanstack/react-query';
import { userMetricsSimpleResponseSchema } from '@stride/domain/contracts/analytics';
import { apiClient } from '../../../lib/api-client';
import { analyticsKeys } from './keys';

/** GET /api/analytics/user-metrics-simple?userId (every tier). */
export const getUserMetricsSimple = (userId: string, signal?: AbortSignal) =>
  apiClient.get('/analytics/user-metrics-simple', {
    schema: userMetricsSimpleResponseSchema,
    query: { userId },
    signal,
  });

export const userMetricsSimpleQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: analyticsKeys.userSimple(userId),
    queryFn: ({ signal }) => getUserMetricsSimple(userId, signal),
  });

export const useUserMetricsSimple = (userId: string, enabled = true) =>
  useQuery({ ...userMetricsSimpleQueryOptions(userId), enabled: enabled && Boolean(userId) });
