import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  funnelResponseSchema,
  type funnelBreakdownValues,
  type funnelStepResultSchema,
} from '@stride/domain/contracts/analytics';
import { apiClient } from '../../../lib/api-client';
import type { AdminRange } from '../lib/admin-range';
import { adminKeys } from './keys';

export type FunnelStep = z.infer<typeof funnelStepResultSchema>;
export type FunnelBreakdown = (typeof funnelBreakdownValues)[number];

/** GET /api/admin/analytics/funnel?start&end&breakdown (admins only). */
export const getFunnel = (range: AdminRange, breakdown: FunnelBreakdown, signal?: AbortSignal) =>
  apiClient.get('/admin/analytics/funnel', {
    schema: funnelResponseSchema,
    query: { start: range.start, end: range.end, breakdown },
    signal,
  });

export const funnelQueryOptions = (range: AdminRange, breakdown: FunnelBreakdown = 'none') =>
  queryOptions({
    queryKey: adminKeys.funnel(range, breakdown),
    queryFn: ({ signal }) => getFunnel(range, breakdown, signal),
  });

export const useFunnel = (range: AdminRange, breakdown: FunnelBreakdown = 'none') =>
  useQuery(funnelQueryOptions(range, breakdown));
