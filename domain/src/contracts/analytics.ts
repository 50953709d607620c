import { z } from 'zod';
import { acquisitionChannelSchema } from '../analytics/acquisition-channel';
import { MAX_FUNNEL_STEPS } from '../analytics/funnel-report';
import { dailyMetricsSchema } from '../analytics/daily-metrics';
import { trackEventRequestSchema, trackedEventSchema, trackedPropertiesSchema } from '../analytics/tracked-events';
import { userMetricsSchema } from '../analytics/user-metrics';
import { idSchema, isoDateSchema } from './common';
import { insightCodeValues, insightKindValues } from '../analytics/insights';
import { queueNameValues } from '../shared/queue-names';

/**
 * The analytics API (spec section 7 "Analytics", plus the admin reports). Paths are under /api. Every
 * response type is declared once here and shared by the server and the web app.
 *
 * Access: a user reads only their own figures; an admin may pass any userId. Another user's id answers
 * 403 `{ code: 'forbidden' }`. The pro analytics (GET daily-metrics, GET user-metrics, GET goal-metrics)
 * answer tiers other than pro and team with 403 `{ error, code: 'plan_required', details: { feature,
 * requiredTiers, currentTier } }`: the web app turns that into the upgrade dialog (trigger 'general').
 * Admin reports answer non-admins 403 `{ code: 'forbidden' }`.
 *
 * Days are UTC calendar days (YYYY-MM-DD); instants are ISO 8601 strings.
 */

// ---------------------------------------------------------------------------------------------------------
// Tracked product events
// ---------------------------------------------------------------------------------------------------------

/**
 * POST /api/analytics/events: `{ event, properties, context }` (spec section 3 "Analytics event").
 * The server stores the signed-in user's real id with the event (context.userId, a hash, is not needed).
 *
 * Events the pipeline reads (send them with the same context.sessionId for one browser session):
 * - `session_started` when a session begins; `session_ended` when it ends, with
 *   `properties.duration_seconds` (number). A day's sessionDuration is, per session, the larger of the
 *   span between its first and last event that day and the reported duration_seconds.
 * - `upgrade_clicked`, `checkout_completed`: funnel steps.
 * - `signup_error` with `properties.stage` (e.g. 'sign_up', 'complete_setup', 'ensure_user'),
 *   `properties.message`, optional `properties.code` and `properties.email`: the admin sign-up errors list.
 *   `error_occurred` on a sign-up path (/sign-up, /simple-signup, /complete-setup, /get-started) counts too.
 * Any other snake_case name is stored as is.
 */
export const analyticsEventsBodySchema = trackedEventSchema;
export type AnalyticsEventsBody = z.input<typeof analyticsEventsBodySchema>;

/** POST /api/analytics/track-event: `{ userId, event, metadata, timestamp }`; userId must be the caller's. */
export const trackEventBodySchema = trackEventRequestSchema;
export type TrackEventBody = z.input<typeof trackEventBodySchema>;

/** 202 for both: the event is durable (in the broker, or in the analytics store in embedded mode). */
export const trackAcceptedResponseSchema = z.object({
  accepted: z.literal(true),
  /** Derived from the event's content: resending the same event yields the same id and is stored once. */
  eventId: z.string(),
  /** Set when nothing was stored: the browser asked not to be tracked (DNT: 1 or Sec-GPC: 1). */
  discarded: z.literal('do_not_track').optional(),
});
export type TrackAcceptedResponse = z.infer<typeof trackAcceptedResponseSchema>;

/**
 * POST /api/analytics/time-accuracy (userId, accuracy, timestamp). `accuracy` is the client's estimate
 * accuracy in percent (100 = the task took exactly the estimated time). Stored as the tracked event
 * `time_accuracy_recorded`; answers trackAcceptedResponseSchema.
 */
export const timeAccuracyBodySchema = z.object({
  userId: z.string().min(1).max(128),
  accuracy: z.number().finite().min(0).max(10_000),
  timestamp: z.iso.datetime({ offset: true }),
  goalId: idSchema.optional(),
  taskId: idSchema.optional(),
});
export type TimeAccuracyBody = z.infer<typeof timeAccuracyBodySchema>;

// ---------------------------------------------------------------------------------------------------------
// Daily metrics (pro)
// ---------------------------------------------------------------------------------------------------------

export const MAX_METRICS_RANGE_DAYS = 366;

/** GET /api/analytics/daily-metrics?userId&start&end (start and end inclusive, at most 366 days). */
export const dailyMetricsQuerySchema = z.object({
  userId: z.string().min(1).max(128).optional(),
  start: isoDateSchema,
  end: isoDateSchema,
});
export type DailyMetricsQuery = z.infer<typeof dailyMetricsQuerySchema>;

export { dailyMetricsSchema };

/** Every day of the range, in order; days without activity are all zeros. */
export const dailyMetricsResponseSchema = z.object({
  userId: z.string(),
  start: isoDateSchema,
  end: isoDateSchema,
  days: z.array(dailyMetricsSchema),
  totals: dailyMetricsSchema.omit({ date: true, userId: true, productivityScore: true }).extend({
    /** Mean of the days' productivity scores, one decimal. */
    averageProductivityScore: z.number(),
    activeDays: z.number().int(),
  }),
});
export type DailyMetricsResponse = z.infer<typeof dailyMetricsResponseSchema>;

/**
 * POST /api/analytics/daily-metrics: the legacy client posts its own counts for a day. The server derives
 * daily metrics from the event log and never takes counts from a client: the post schedules a recompute of
 * that day and answers the server's figures.
 */
export const postDailyMetricsBodySchema = dailyMetricsSchema
  .partial({ goalsCreated: true, goalsCompleted: true, tasksCreated: true, tasksCompleted: true })
  .partial({ aiGenerationsUsed: true, sessionDuration: true, productivityScore: true });
export const postDailyMetricsResponseSchema = z.object({
  accepted: z.literal(true),
  metrics: dailyMetricsSchema,
});
export type PostDailyMetricsResponse = z.infer<typeof postDailyMetricsResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// User metrics
// ---------------------------------------------------------------------------------------------------------

/** GET /api/analytics/user-metrics-simple?userId and GET /api/analytics/user-metrics?userId. */
export const userMetricsQuerySchema = z.object({ userId: z.string().min(1).max(128).optional() });

/** user-metrics-simple (every tier): the spec's user metrics. */
export const userMetricsSimpleResponseSchema = userMetricsSchema.extend({ userId: z.string() });
export type UserMetricsSimpleResponse = z.infer<typeof userMetricsSimpleResponseSchema>;

export const engagementScoreSchema = z.object({
  /** 0..100, one decimal. */
  score: z.number(),
  breakdown: z.object({
    completion: z.number(),
    streak: z.number(),
    goalProgress: z.number(),
    aiUsage: z.number(),
    recency: z.number(),
  }),
});

export const insightSchema = z.object({
  kind: z.enum(insightKindValues),
  code: z.enum(insightCodeValues),
  title: z.string(),
  message: z.string(),
});

/** user-metrics (pro): the metrics plus the engagement score and insights. */
export const userMetricsResponseSchema = z.object({
  userId: z.string(),
  /** The UTC day the streak and recency are counted to. */
  asOf: isoDateSchema,
  metrics: userMetricsSchema,
  engagement: engagementScoreSchema,
  insights: z.array(insightSchema),
});
export type UserMetricsResponse = z.infer<typeof userMetricsResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Goal metrics (GET is pro)
// ---------------------------------------------------------------------------------------------------------

/** GET /api/analytics/goal-metrics?goalId */
export const goalMetricsQuerySchema = z.object({ goalId: idSchema });

export const goalMetricsSchema = z.object({
  goalId: z.string(),
  userId: z.string(),
  status: z.enum(['active', 'completed', 'abandoned', 'deleted']),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** Whole days from creation to completion; null while not completed. */
  daysToComplete: z.number().int().nullable(),
  tasksTotal: z.number().int(),
  tasksCompleted: z.number().int(),
  /** 0..1 */
  taskCompletionRate: z.number(),
  estimatedMinutes: z.number().int(),
  actualMinutes: z.number().int(),
  /**
   * 0..1: the mean, over completed tasks with logged minutes, of min(estimate, actual) / max(estimate,
   * actual). 1 = every estimate was exact. null without such tasks.
   */
  estimateAccuracy: z.number().nullable(),
  aiBreakdowns: z.number().int(),
});
export type GoalMetrics = z.infer<typeof goalMetricsSchema>;

/**
 * POST /api/analytics/goal-metrics: the legacy client reports on a goal. The server's figures come from the
 * event log; the post is accepted for the caller's own goal and answers the server's figures. Not gated:
 * the free client posts it too.
 */
export const postGoalMetricsBodySchema = z.object({
  goalId: idSchema,
  metrics: z.record(z.string().max(100), z.union([z.number(), z.string().max(200), z.boolean(), z.null()])).optional(),
});
export const goalMetricsResponseSchema = goalMetricsSchema;

// ---------------------------------------------------------------------------------------------------------
// Admin reports (admin only). Dates filter on the UTC day of each event; start and end are inclusive.
// ---------------------------------------------------------------------------------------------------------

export const dateRangeQuerySchema = z.object({ start: isoDateSchema, end: isoDateSchema });

export const funnelBreakdownValues = ['none', 'channel', 'utm_source', 'utm_campaign'] as const;
export { MAX_FUNNEL_STEPS };

/**
 * GET /api/admin/analytics/funnel?start&end&windowHours&breakdown&steps
 * - windowHours: the conversion window from a user's first step (default 168 = 7 days, at most 90 days).
 * - steps: optional custom steps, `|`-separated alternatives and `,`-separated steps, e.g.
 *   `steps=UserRegistered,GoalCreated,upgrade_clicked|checkout_started`. Names are domain event types or
 *   tracked event names; `page_viewed:/pricing` is a view of that page. Default: the landing page view, then
 *   the product funnel (signed up, onboarding completed, first goal, first AI breakdown, upgrade clicked,
 *   checkout completed). Signed-out visitors' views count under the user who later signs up from that browser.
 * - breakdown: none (default), or the acquisition channel, utm_source or utm_campaign of the user's first
 *   touch ('Unknown' / '(none)' when the user has none).
 * A user enters the funnel with a first-step event inside the range; later steps count up to end + window.
 */
export const funnelQuerySchema = dateRangeQuerySchema.extend({
  windowHours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(168),
  breakdown: z.enum(funnelBreakdownValues).default('none'),
  steps: z
    .string()
    .max(2000)
    .regex(
      /^[A-Za-z0-9_|,:/.-]+$/,
      'Steps are event names (or page_viewed:/path) separated by , (steps) and | (alternatives)',
    )
    .optional(),
});
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

export const funnelStepResultSchema = z.object({
  id: z.string(),
  label: z.string(),
  eventTypes: z.array(z.string()),
  users: z.number().int(),
  conversionFromPrevious: z.number(),
  conversionFromStart: z.number(),
});
export const funnelResponseSchema = z.object({
  start: isoDateSchema,
  end: isoDateSchema,
  windowHours: z.number().int(),
  breakdown: z.enum(funnelBreakdownValues),
  total: z.array(funnelStepResultSchema),
  /** One entry per breakdown value (empty when breakdown is none), largest first step first. */
  groups: z.array(z.object({ key: z.string(), steps: z.array(funnelStepResultSchema) })),
});
export type FunnelResponse = z.infer<typeof funnelResponseSchema>;

/**
 * GET /api/admin/analytics/attribution?start&end: the cohort of users who signed up in the range, by the
 * acquisition channel of their first touch (spec section 4 rules; no attribution = Direct). Their outcomes
 * count to date:
 * - activatedUsers: users who have created at least one goal;
 * - paidConversions: users with a paid subscription activation;
 * - revenueCents: revenue booked by their activations (each counts its plan's monthly price once; see
 *   domain/src/analytics/attribution-report.ts).
 */
export const attributionRowSchema = z.object({
  channel: acquisitionChannelSchema,
  signups: z.number().int(),
  activatedUsers: z.number().int(),
  paidConversions: z.number().int(),
  revenueCents: z.number().int(),
  activationRate: z.number(),
  conversionRate: z.number(),
});
export const attributionResponseSchema = z.object({
  start: isoDateSchema,
  end: isoDateSchema,
  channels: z.array(attributionRowSchema),
  totals: attributionRowSchema.omit({ channel: true }),
});
export type AttributionResponse = z.infer<typeof attributionResponseSchema>;

/** GET /api/admin/signup-errors?start&end&limit&offset: newest first. */
export const signupErrorsQuerySchema = dateRangeQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const signupErrorSchema = z.object({
  eventId: z.string(),
  occurredAt: z.string(),
  userId: z.string().nullable(),
  email: z.string().nullable(),
  stage: z.string(),
  code: z.string().nullable(),
  message: z.string(),
  path: z.string().nullable(),
});
export const signupErrorsResponseSchema = z.object({
  start: isoDateSchema,
  end: isoDateSchema,
  total: z.number().int(),
  errors: z.array(signupErrorSchema),
});
export type SignupErrorsResponse = z.infer<typeof signupErrorsResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Admin: pipeline operations
// ---------------------------------------------------------------------------------------------------------

/** GET /api/admin/pipeline/health: each component's status and implementation. */
export const pipelineHealthResponseSchema = z.record(
  z.string(),
  z.object({ status: z.enum(['up', 'degraded', 'down']), mode: z.string() }).catchall(z.unknown()),
);

/** GET /api/admin/queues/:queue/failed?limit: failed jobs, kept for inspection. */
export const failedJobsParamsSchema = z.object({ queue: z.enum(queueNameValues) });
export const failedJobsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });
export const failedJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  data: z.unknown(),
  attemptsMade: z.number().int(),
  failedReason: z.string(),
  failedAt: z.string().nullable(),
});
export const failedJobsResponseSchema = z.object({ queue: z.enum(queueNameValues), jobs: z.array(failedJobSchema) });
export type FailedJobsResponse = z.infer<typeof failedJobsResponseSchema>;

export { trackedPropertiesSchema };
