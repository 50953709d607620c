import { z } from 'zod';

/**
 * The analytics events the browser sends (spec sections 3, 7 and 9):
 * - POST /api/analytics/events: `{ event, properties, context }`;
 * - POST /api/analytics/track-event: `{ userId, event, metadata, timestamp }`.
 *
 * Event names are snake_case. The spec lists the names in use but says the list is not exhaustive
 * ("include"), so the schema accepts any snake_case name and `isKnownTrackedEvent` tells the known ones.
 */

export const TRACKED_EVENT_NAME_PATTERN = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

export const trackedEventNameSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(TRACKED_EVENT_NAME_PATTERN, 'Event names are snake_case, e.g. goal_created');
export type TrackedEventName = z.infer<typeof trackedEventNameSchema>;

/** Families of known names: `onboarding_*`, `goal_*`, `task_*`, `ai_generation_*`, `checkout_*`. */
export const KNOWN_TRACKED_EVENT_PREFIXES: readonly string[] = [
  'onboarding_',
  'goal_',
  'task_',
  'ai_generation_',
  'checkout_',
];

export const KNOWN_TRACKED_EVENT_NAMES: readonly string[] = [
  'upgrade_clicked',
  'subscription_cancelled',
  'billing_portal_accessed',
  'session_started',
  'session_ended',
  'daily_active',
  'page_viewed',
  'feature_used',
  'error_occurred',
  'user_identified',
];

/**
 * What a signed-out visitor may send (the top of the funnel and session time), with the only properties
 * kept of each (what the web app sends); anything else waits in the browser until the visitor signs up or
 * in. A visitor is nobody yet: nothing else they send is stored.
 */
export const ANONYMOUS_TRACKED_PROPERTIES: Readonly<Record<string, readonly string[]>> = {
  page_viewed: ['path'],
  session_started: [],
  session_ended: ['reason', 'duration_seconds'],
  upgrade_clicked: ['plan', 'source'],
};
export const ANONYMOUS_TRACKED_EVENTS: readonly string[] = Object.keys(ANONYMOUS_TRACKED_PROPERTIES);

/** Sent by a browser that signs up or in with an anonymous id: the join of that id to the user. */
export const USER_IDENTIFIED_EVENT = 'user_identified';

export function isKnownTrackedEvent(name: string): boolean {
  if (!TRACKED_EVENT_NAME_PATTERN.test(name)) return false;
  return (
    KNOWN_TRACKED_EVENT_NAMES.includes(name) ||
    KNOWN_TRACKED_EVENT_PREFIXES.some((prefix) => name.startsWith(prefix) && name.length > prefix.length)
  );
}

export const MAX_TRACKED_PROPERTIES = 50;

const propertyKey = z.string().min(1).max(100);

/**
 * A record schema that refuses a `__proto__` key: zod skips that key (assigning it would set the prototype),
 * so it would vanish silently between the browser and the store. The caller hears which key instead.
 */
const withoutProtoKey = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value, ctx) => {
    if (value !== null && typeof value === 'object' && Object.hasOwn(value, '__proto__')) {
      ctx.addIssue({
        code: 'custom',
        message: 'A property may not be named __proto__',
        path: ['__proto__'],
        input: value,
      });
    }
    return value;
  }, schema);

const primitiveValue = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);

/**
 * A property value: a JSON primitive, a list of primitives, or a flat object of primitives.
 * DECISION: nesting stops there ("json-ish"), which keeps properties flat enough to store as a
 * ClickHouse map or JSON column and keeps hostile payloads small.
 */
export const trackedPropertyValueSchema = z.union([
  primitiveValue,
  z.array(primitiveValue).max(100),
  withoutProtoKey(
    z.record(propertyKey, primitiveValue).refine((value) => Object.keys(value).length <= MAX_TRACKED_PROPERTIES, {
      message: `At most ${MAX_TRACKED_PROPERTIES} keys`,
    }),
  ),
]);
export type TrackedPropertyValue = z.infer<typeof trackedPropertyValueSchema>;

export const trackedPropertiesSchema = withoutProtoKey(
  z
    .record(propertyKey, trackedPropertyValueSchema)
    .refine((value) => Object.keys(value).length <= MAX_TRACKED_PROPERTIES, {
      message: `At most ${MAX_TRACKED_PROPERTIES} properties`,
    }),
);
export type TrackedProperties = z.infer<typeof trackedPropertiesSchema>;

const isoTimestamp = z.iso.datetime({ offset: true });

export const trackedEventContextSchema = z.object({
  /** A hash of the user id, never the id itself; absent for signed-out visitors. */
  userId: z.string().min(1).max(128).optional(),
  /**
   * A signed-out visitor's random id (a UUID the browser made up, never derived from personal data): required
   * without a session, and sent once by a signed-in browser (`user_identified`) to join its earlier
   * anonymous events to the user (issue 13, item 15).
   */
  anonymousId: z.uuid().optional(),
  sessionId: z.string().min(1).max(128),
  tier: z.string().max(32).optional(),
  /** ISO 8601 instant as the browser saw it. */
  timestamp: isoTimestamp,
  /** URL path, e.g. /daily. */
  path: z.string().max(2000).optional(),
  referrer: z.string().max(2000).optional(),
  userAgent: z.string().max(1000).optional(),
});
export type TrackedEventContext = z.infer<typeof trackedEventContextSchema>;

/** POST /api/analytics/events body. */
export const trackedEventSchema = z.object({
  event: trackedEventNameSchema,
  properties: trackedPropertiesSchema.default({}),
  context: trackedEventContextSchema,
});
export type TrackedEvent = z.infer<typeof trackedEventSchema>;
export type TrackedEventInput = z.input<typeof trackedEventSchema>;

/** POST /api/analytics/track-event body. */
export const trackEventRequestSchema = z.object({
  userId: z.string().min(1).max(128),
  event: trackedEventNameSchema,
  metadata: trackedPropertiesSchema.default({}),
  timestamp: isoTimestamp,
});
export type TrackEventRequest = z.infer<typeof trackEventRequestSchema>;
