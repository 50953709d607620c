import { z } from 'zod';

/** A stored event as the audit endpoints show it: data as written (its schema version alongside). */
export const auditEventSchema = z.object({
  globalPosition: z.number().int(),
  streamId: z.string(),
  streamVersion: z.number().int(),
  eventId: z.string(),
  type: z.string(),
  schemaVersion: z.number().int(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  recordedAt: z.string(),
});

export const streamParamsSchema = z.object({ streamId: z.string().min(3).max(200) });

export const streamEventsQuerySchema = z.object({
  afterVersion: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const streamEventsResponseSchema = z.object({
  streamId: z.string(),
  version: z.number().int(),
  events: z.array(auditEventSchema),
  /** Pass as afterVersion for the next page; null on the last page. */
  nextAfterVersion: z.number().int().nullable(),
});

/** `at`: a global log position (digits) or an ISO instant; absent = now. */
export const streamStateQuerySchema = z.object({
  at: z.union([z.string().regex(/^\d{1,15}$/), z.iso.datetime({ offset: true })]).optional(),
});
export const streamStateResponseSchema = z.object({
  streamId: z.string(),
  at: z.string().nullable(),
  /** The stream version the state was rebuilt up to (0 = nothing yet at that point). */
  version: z.number().int(),
  position: z.number().int().nullable(),
  recordedAt: z.string().nullable(),
  state: z.unknown(),
});

export const userEventsParamsSchema = z.object({ userId: z.string().min(1).max(200) });
export const userEventsQuerySchema = z.object({
  afterPosition: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const userEventsResponseSchema = z.object({
  userId: z.string(),
  events: z.array(auditEventSchema),
  nextAfterPosition: z.number().int().nullable(),
});
