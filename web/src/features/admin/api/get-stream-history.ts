import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_MAX, streamEventsResponseSchema } from '@stride/domain/contracts/audit';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** The audit screen shows up to this many events of a stream (the API's page limit). */
export const HISTORY_LIMIT = AUDIT_PAGE_MAX;

const streamPath = (streamId: string) => `/audit/streams/${encodeURIComponent(streamId)}`;

/** GET /api/audit/streams/:streamId: the first HISTORY_LIMIT events, decoded. */
export const streamHistoryQueryOptions = (streamId: string) =>
  queryOptions({
    queryKey: adminKeys.streamHistory(streamId),
    queryFn: ({ signal }) =>
      apiClient.get(streamPath(streamId), {
        schema: streamEventsResponseSchema,
        query: { limit: HISTORY_LIMIT },
        signal,
      }),
    enabled: streamId !== '',
    retry: false,
  });

export const useStreamHistory = (streamId: string) => useQuery(streamHistoryQueryOptions(streamId));

/**
 * The state at log position `at` and the difference from `from` (the previous event's position, 0 before
 * the first): GET /api/audit/streams/:streamId?at&from&limit=1.
 */
export const streamPointQueryOptions = (streamId: string, at: number, from: number) =>
  queryOptions({
    queryKey: adminKeys.streamPoint(streamId, at, from),
    queryFn: ({ signal }) =>
      apiClient.get(streamPath(streamId), {
        schema: streamEventsResponseSchema,
        query: { at: String(at), from: String(from), limit: 1 },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });

export const useStreamPoint = (streamId: string, at: number | null, from: number) =>
  useQuery({ ...streamPointQueryOptions(streamId, at ?? 0, from), enabled: at !== null });
