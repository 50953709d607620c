import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { attributionResponseSchema, type attributionRowSchema } from '@stride/domain/contracts/analytics';
import { apiClient } from '../../../lib/api-client';
import type { AdminRange } from '../lib/admin-range';
import { adminKeys } from './keys';

export type AttributionRow = z.infer<typeof attributionRowSchema>;

/** GET /api/admin/analytics/attribution?start&end (admins only). */
export const getAttribution = (range: AdminRange, signal?: AbortSignal) =>
  apiClient.get('/admin/analytics/attribution', {
    schema: attributionResponseSchema,
    query: { start: range.start, end: range.end },
    signal,
  });

export const attributionQueryOptions = (range: AdminRange) =>
  queryOptions({ queryKey: adminKeys.attribution(range), queryFn: ({ signal }) => getAttribution(range, signal) });

export const useAttribution = (range: AdminRange) => useQuery(attributionQueryOptions(range));
