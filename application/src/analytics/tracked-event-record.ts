import { z } from 'zod';
import {
  ANONYMOUS_TRACKED_PROPERTIES,
  trackedEventNameSchema,
  trackedPropertiesSchema,
  USER_IDENTIFIED_EVENT,
  type TrackEventRequest,
  type TrackedEvent,
  type TrackedProperties,
} from '@stride/domain/analytics/tracked-events';
import { deterministicEventId } from '@stride/platform/event-store/event-ids';
import type { MessageCodec } from '@stride/platform/bus/event-bus';
import { toStorableValue } from '@stride/domain/shared/storable-text';

/**
 * A tracked product event as the pipeline carries it (the `analytics.events` message, then a row of
 * tracked_events): the browser's event with the signed-in user's real id and the server's receive time.
 */
export const trackedEventRecordSchema = z.object({
  eventId: z.uuid(),
  userId: z.string().max(128),
  /** A signed-out visitor's random id (userId ''), or on `user_identified` the id the user is joined to. */
  anonymousId: z.string().max(128).optional(),
  sessionId: z.string().max(128),
  event: trackedEventNameSchema,
  occurredAt: z.iso.datetime(),
  receivedAt: z.iso.datetime(),
  tier: z.string().max(32),
  path: z.string().max(2000),
  referrer: z.string().max(2000),
  userAgent: z.string().max(1000),
  properties: trackedPropertiesSchema,
});
export type TrackedEventRecord = z.infer<typeof trackedEventRecordSchema>;

export const trackedEventCodec: MessageCodec<TrackedEventRecord> = {
  keyOf: (record) => record.userId || (record.anonymousId ?? ''),
  idOf: (record) => record.eventId,
  encode: (record) => JSON.stringify(record),
  decode: (value) => trackedEventRecordSchema.parse(JSON.parse(value.toString('utf8'))),
};

/** Client clocks drift and queued events arrive late: times further out than this are replaced. */
export const MAX_CLIENT_CLOCK_AHEAD_MS = 5 * 60_000;
export const MAX_CLIENT_EVENT_AGE_MS = 7 * 86_400_000;

/** The client's instant when it is plausible, else the receive time (keeps partitions and days sane). */
export function plausibleOccurredAt(clientTimestamp: string, receivedAt: Date): string {
  const client = Date.parse(clientTimestamp);
  const received = receivedAt.getTime();
  const plausible =
    Number.isFinite(client) &&
    client <= received + MAX_CLIENT_CLOCK_AHEAD_MS &&
    client >= received - MAX_CLIENT_EVENT_AGE_MS;
  return new Date(plausible ? client : received).toISOString();
}

/** JSON with object keys sorted, so equal properties give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

interface RecordInput {
  readonly userId: string;
  readonly anonymousId?: string;
  readonly sessionId: string;
  readonly event: string;
  readonly clientTimestamp: string;
  readonly receivedAt: Date;
  readonly tier: string;
  readonly path: string;
  readonly referrer: string;
  readonly userAgent: string;
  readonly properties: TrackedProperties;
}

/**
 * The id is derived from the event's content (user, session, name, client time, properties), so a browser
 * that resends an event it is unsure about produces the same id and the event is stored once.
 */
function buildRecord(raw: RecordInput): TrackedEventRecord {
  // Normalised before it joins the bus and a shared insert batch: a NUL or lone surrogate from one browser
  // must not fail a batch that holds other users' events (the API refuses them; other producers may not).
  const input: RecordInput = { ...toStorableValue({ ...raw, receivedAt: null }), receivedAt: raw.receivedAt };
  const eventId = deterministicEventId(
    [
      'tracked',
      // Only when present, so the ids of events without an anonymous id stay as they were.
      input.anonymousId ? `${input.userId}\u0000${input.anonymousId}` : input.userId,
      input.sessionId,
      input.event,
      input.clientTimestamp,
      canonicalJson(input.properties),
    ].join('\n'),
  );
  return {
    eventId,
    userId: input.userId,
    ...(input.anonymousId ? { anonymousId: input.anonymousId } : {}),
    sessionId: input.sessionId,
    event: input.event,
    occurredAt: plausibleOccurredAt(input.clientTimestamp, input.receivedAt),
    receivedAt: input.receivedAt.toISOString(),
    tier: input.tier,
    path: input.path,
    referrer: input.referrer,
    userAgent: input.userAgent,
    properties: input.properties,
  };
}

/** The origin of a referrer URL ('' when it is not one): all a signed-out visitor's record keeps of it. */
function referrerOrigin(referrer: string): string {
  try {
    const origin = new URL(referrer).origin;
    return origin === 'null' ? '' : origin;
  } catch {
    return '';
  }
}

/**
 * POST /api/analytics/events from a signed-out visitor: under their random anonymous id (userId ''), with
 * nothing that could identify a person: no user agent, no tier, the referrer cut to its origin, page paths
 * without their query or fragment, and only the properties the event keeps (ANONYMOUS_TRACKED_PROPERTIES).
 */
export function recordFromAnonymousEvent(
  body: TrackedEvent & { context: { anonymousId: string } },
  receivedAt: Date,
): TrackedEventRecord {
  return buildRecord({
    userId: '',
    anonymousId: body.context.anonymousId,
    sessionId: body.context.sessionId,
    event: body.event,
    clientTimestamp: body.context.timestamp,
    receivedAt,
    tier: '',
    path: pathOnly(body.context.path ?? ''),
    referrer: referrerOrigin(body.context.referrer ?? ''),
    userAgent: '',
    properties: visitorProperties(body.event, body.properties),
  });
}

/** Of a visitor's properties, those their event keeps (ANONYMOUS_TRACKED_PROPERTIES); a path loses its query. */
function visitorProperties(event: string, properties: TrackedProperties): TrackedProperties {
  const kept: Record<string, TrackedProperties[string]> = {};
  const names = Object.hasOwn(ANONYMOUS_TRACKED_PROPERTIES, event) ? ANONYMOUS_TRACKED_PROPERTIES[event]! : [];
  for (const name of names) {
    const value = properties[name];
    if (value !== undefined) kept[name] = name === 'path' && typeof value === 'string' ? pathOnly(value) : value;
  }
  return kept;
}

/** A page path without its query or fragment (where a visitor's email or a token could travel). */
const pathOnly = (path: string): string => path.split(/[?#]/, 1)[0]!;

/** POST /api/analytics/events. A `user_identified` event keeps the anonymous id it joins to the user. */
export function recordFromTrackedEvent(body: TrackedEvent, userId: string, receivedAt: Date): TrackedEventRecord {
  return buildRecord({
    userId,
    ...(body.event === USER_IDENTIFIED_EVENT && body.context.anonymousId
      ? { anonymousId: body.context.anonymousId }
      : {}),
    sessionId: body.context.sessionId,
    event: body.event,
    clientTimestamp: body.context.timestamp,
    receivedAt,
    tier: body.context.tier ?? '',
    path: body.context.path ?? '',
    referrer: body.context.referrer ?? '',
    userAgent: body.context.userAgent ?? '',
    properties: body.properties,
  });
}

/** POST /api/analytics/track-event (no session or page context). */
export function recordFromTrackEvent(body: TrackEventRequest, receivedAt: Date): TrackedEventRecord {
  return buildRecord({
    userId: body.userId,
    sessionId: '',
    event: body.event,
    clientTimestamp: body.timestamp,
    receivedAt,
    tier: '',
    path: '',
    referrer: '',
    userAgent: '',
    properties: body.metadata,
  });
}

export const TIME_ACCURACY_EVENT = 'time_accuracy_recorded';

/** POST /api/analytics/time-accuracy, stored as the tracked event `time_accuracy_recorded`. */
export function recordFromTimeAccuracy(
  body: { userId: string; accuracy: number; timestamp: string; goalId?: string; taskId?: string },
  receivedAt: Date,
): TrackedEventRecord {
  const properties: TrackedProperties = { accuracy: body.accuracy };
  if (body.goalId) properties.goal_id = body.goalId;
  if (body.taskId) properties.task_id = body.taskId;
  return recordFromTrackEvent(
    { userId: body.userId, event: TIME_ACCURACY_EVENT, metadata: properties, timestamp: body.timestamp },
    receivedAt,
  );
}
