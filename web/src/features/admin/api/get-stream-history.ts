import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** An event as GET /api/audit/streams/:streamId answers it: as stored, and decoded (upcast) when readable. */
export const auditEventSchema = z.object({
  globalPosition: z.number(),
  streamId: z.string(),
  streamVersion: z.number(),
  eventId: z.string(),
  type: z.string(),
  schemaVersion: z.number(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  recordedAt: z.string(),
  decoded: z.object({ schemaVersion: z.number(), data: z.unknown() }).nullable(),
  decodeError: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

const statePointSchema = z.object({
  at: z.string().nullable(),
  version: z.number(),
  position: z.number().nullable(),
  recordedAt: z.string().nullable(),
  state: z.unknown(),
});

export const stateChangeSchema = z.object({
  kind: z.enum(['added', 'removed', 'changed']),
  path: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type StateChange = z.infer<typeof stateChangeSchema>;

export const streamHistorySchema = z.object({
  streamId: z.string(),
  version: z.number(),
  events: z.array(auditEventSchema),
  nextAfterVersion: z.number().nullable(),
  state: statePointSchema.optional(),
  diff: z.object({ from: statePointSchema, to: statePointSchema, changes: z.array(stateChangeSchema) }).optional(),
});
export type StreamHistory = z.infer<typeof streamHistorySchema>;

/** The audit screen shows up to this many events of a stream (the API's page limit). */
export const HISTORY_LIMIT = 500;

const streamPath = (streamId: string) => `/audit/streams/${encodeURIComponent(streamId)}`;

/** GET /api/audit/streams/:streamId: the first HISTORY_LIMIT events, decoded. */
export const streamHistoryQueryOptions = (streamId: string) =>
  queryOptions({
    queryKey: adminKeys.streamHistory(streamId),
    queryFn: ({ signal }) =>
      apiClient.get(streamPath(streamId), { schema: streamHistorySchema, query: { limit: HISTORY_LIMIT }, signal }),
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
        schema: streamHistorySchema,
        query: { at: String(at), from: String(from), limit: 1 },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });

export const useStreamPoint = (streamId: string, at: number | null, from: number) =>
  useQuery({ ...streamPointQueryOptions(streamId, at ?? 0, from), enabled: at !== null });
