import { z } from 'zod';

// GET /api/audit/streams/:streamId and /api/audit/users/:userId/events (admins, and a user's own streams):
// the API validates with these and the admin audit screen reads its answers with them.

/** The most events one page of an audit answer holds. */
export const AUDIT_PAGE_MAX = 500;

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
  /**
   * The event as this build reads it: upcast to the current schema version and validated (what the
   * deciders fold), or null with `decodeError` when it cannot be read (an unknown type, a bad payload).
   */
  decoded: z.object({ schemaVersion: z.number().int(), data: z.unknown() }).nullable(),
  decodeError: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const streamParamsSchema = z.object({ streamId: z.string().min(3).max(200) });

/** A point in a stream's history: a global log position (digits; 0 = before anything) or an ISO instant. */
export const pointSchema = z.union([z.string().regex(/^\d{1,15}$/), z.iso.datetime({ offset: true })], {
  error: 'expected a log position (digits) or an ISO 8601 date-time with a zone (2026-11-25T13:00:00Z)',
});

export const streamEventsQuerySchema = z.object({
  afterVersion: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(100),
  /** Time travel: the answer also carries the state at this point. */
  at: pointSchema.optional(),
  /** The difference between two points: `from` to `to` (`to` defaults to `at`, or now). */
  from: pointSchema.optional(),
  to: pointSchema.optional(),
});

/** The state of the stream's aggregate at a point, folded by its decider's evolve. */
export const statePointSchema = z.object({
  at: z.string().nullable(),
  /** The stream version the state was rebuilt up to (0 = nothing yet at that point). */
  version: z.number().int(),
  position: z.number().int().nullable(),
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

export const streamEventsResponseSchema = z.object({
  streamId: z.string(),
  version: z.number().int(),
  events: z.array(auditEventSchema),
  /** Pass as afterVersion for the next page; null on the last page. */
  nextAfterVersion: z.number().int().nullable(),
  /** With `at`: the state at that point. */
  state: statePointSchema.optional(),
  /** With `from`: both states and every changed leaf between them. */
  diff: z.object({ from: statePointSchema, to: statePointSchema, changes: z.array(stateChangeSchema) }).optional(),
});
export type StreamEventsResponse = z.infer<typeof streamEventsResponseSchema>;

/** `at`: a global log position (digits) or an ISO instant; absent = now. */
export const streamStateQuerySchema = z.object({ at: pointSchema.optional() });
export const streamStateResponseSchema = statePointSchema.extend({ streamId: z.string() });

export const userEventsParamsSchema = z.object({ userId: z.string().min(1).max(200) });
export const userEventsQuerySchema = z.object({
  afterPosition: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(100),
});
export const userEventsResponseSchema = z.object({
  userId: z.string(),
  events: z.array(auditEventSchema),
  nextAfterPosition: z.number().int().nullable(),
});
