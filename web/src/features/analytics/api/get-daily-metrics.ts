import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { dailyMetricsSchema } from '@stride/domain/analytics/daily-metrics';
import { apiClient } from '../../../lib/api-client';
import type { DateRange } from '../lib/date-range';
import { analyticsKeys } from './keys';

const responseSchema = z.union([
  z.array(dailyMetricsSchema),
  z.object({ metrics: z.array(dailyMetricsSchema) }).transform((r) => r.metrics),
  z.object({ data: z.array(dailyMetricsSchema) }).transform((r) => r.data),
]);

/** GET /api/analytics/daily-metrics?userId&start&end. */
export const getDailyMetrics = (userId: string, range: DateRange, signal?: AbortSignal) =>
  apiClient.get('/analytics/daily-metrics', { schema: responseSchema, query: { userId, start: range.start, end: range.end }, signal });

export const dailyMetricsQueryOptions = (userId: string, range: DateRange) =>
  queryOptions({ queryKey: analyticsKeys.daily(userId, range), queryFn: ({ signal }) => getDailyMetrics(userId, range, signal) });

export const useDailyMetrics = (userId: string, range: DateRange, enabled = true) =>
  useQuery({ ...dailyMetricsQueryOptions(userId, range), enabled: enabled && Boolean(userId) });
