import { queryOptions, useQuery } from '@tanstack/react-query';
import { dailyMetricsResponseSchema } from '@stride/domain/contracts/analytics';
import { apiClient } from '../../../lib/api-client';
import type { DateRange } from '../lib/date-range';
import { isPlanRequired } from './get-user-metrics';
import { analyticsKeys } from './keys';

/** GET /api/analytics/daily-metrics?userId&start&end (pro; 403 plan_required otherwise). */
export const getDailyMetrics = (userId: string, range: DateRange, signal?: AbortSignal) =>
  apiClient.get('/analytics/daily-metrics', {
    schema: dailyMetricsResponseSchema,
    query: { userId, start: range.start, end: range.end },
    signal,
  });

export const dailyMetricsQueryOptions = (userId: string, range: DateRange) =>
  queryOptions({
    queryKey: analyticsKeys.daily(userId, range),
    queryFn: ({ signal }) => getDailyMetrics(userId, range, signal),
    retry: (count, error) => count < 1 && !isPlanRequired(error),
  });

export const useDailyMetrics = (userId: string, range: DateRange, enabled = true) =>
  useQuery({ ...dailyMetricsQueryOptions(userId, range), enabled: enabled && Boolean(userId) });
