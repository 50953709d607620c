import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsEventsBodySchema,
  dailyMetricsQuerySchema,
  dailyMetricsResponseSchema,
  goalMetricsQuerySchema,
  goalMetricsResponseSchema,
  postDailyMetricsBodySchema,
  postDailyMetricsResponseSchema,
  postGoalMetricsBodySchema,
  timeAccuracyBodySchema,
  trackAcceptedResponseSchema,
  trackEventBodySchema,
  userMetricsQuerySchema,
  userMetricsResponseSchema,
  userMetricsSimpleResponseSchema,
} from '@stride/domain/contracts/analytics';
import { DomainError } from '@stride/domain/shared/domain-error';
import { computeDailyMetrics } from '@stride/application/analytics/compute-daily-metrics';
import { dailyMetricsReport } from '@stride/application/analytics/reports/daily-metrics-report';
import { goalMetricsReport } from '@stride/application/analytics/reports/goal-metrics-report';
import { computeUserScore } from '@stride/application/analytics/compute-user-score';
import { timeZoneOf } from '@stride/application/analytics/time-zones';
import { localDateOf } from '@stride/domain/dates/local-date';
import { ANONYMOUS_TRACKED_EVENTS } from '@stride/domain/analytics/tracked-events';
import { RATE_LIMIT_RESET_HEADER } from '@stride/domain/contracts/common';
import {
  recordFromAnonymousEvent,
  recordFromTimeAccuracy,
  recordFromTrackEvent,
  recordFromTrackedEvent,
  type TrackedEventRecord,
} from '@stride/application/analytics/tracked-event-record';
import { requireUser } from '../../auth/auth-user';
import { rateLimited } from '../../http/http-errors';
import { RateLimiter } from '../../http/rate-limit';
import { requireAnalyticsDashboard, targetUser } from './access';
import { notFound } from './analytics-services';

const accepted = { 202: trackAcceptedResponseSchema };

/** Do-not-track (`DNT: 1`) or Global Privacy Control (`Sec-GPC: 1`). */
const asksNotToBeTracked = (headers: Record<string, string | string[] | undefined>): boolean =>
  [headers.dnt, headers['sec-gpc']].some((value) => (Array.isArray(value) ? value[0] : value)?.trim() === '1');

/** /api/analytics: tracked events in, the user's figures out (contracts in domain/src/contracts/analytics.ts). */
const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const pipeline = () => services.analytics;

  /** A user with the time zone their days and hours are counted in. */
  const zoned = async (userId: string) => ({ userId, timeZone: await timeZoneOf(services.pool, userId) });

  const track = async (record: TrackedEventRecord) => {
    await pipeline().track([record]);
    return { accepted: true as const, eventId: record.eventId };
  };

  /** The caller's own id for bodies that name a user (400 when missing, 403 when another's). */
  const ownUserId = (request: Parameters<typeof requireUser>[0], userId: string) => {
    const caller = requireUser(request);
    if (userId !== caller.id)
      throw new DomainError('forbidden', 'You can only track your own events', { field: 'userId' });
    return caller;
  };

  /** Signed-out visitors' events a minute per client IP (the IP is a key in memory for a minute, never stored). */
  const anonymousLimiter = new RateLimiter(services.config.ANONYMOUS_EVENTS_PER_MINUTE);

  /**
   * A product event of the signed-in caller, or of a signed-out visitor (issue 13, item 15): then only the
   * funnel's top and session time (ANONYMOUS_TRACKED_EVENTS; anything else still needs a session), under the
   * visitor's random anonymous id, rate limited per IP. A browser that asks not to be tracked (DNT or Global
   * Privacy Control) is answered 202 and nothing is stored.
   */
  app.post('/events', { schema: { body: analyticsEventsBodySchema, response: accepted } }, async (request, reply) => {
    const { body } = request;
    const signedOut = !request.user;
    // A refused token is a 401 as before (the browser renews it); only a request without one is a visitor's.
    if (signedOut && (request.headers.authorization || !ANONYMOUS_TRACKED_EVENTS.includes(body.event))) {
      requireUser(request);
    }
    if (signedOut) {
      const waitSeconds = anonymousLimiter.hit(`ip:${request.ip}`);
      if (waitSeconds !== null) {
        reply.header(RATE_LIMIT_RESET_HEADER, String(waitSeconds)).header('retry-after', String(waitSeconds));
        throw rateLimited(waitSeconds);
      }
    }
    const anonymousId = body.context.anonymousId;
    let record: TrackedEventRecord;
    if (request.user) record = recordFromTrackedEvent(body, request.user.id, services.clock());
    else if (anonymousId)
      record = recordFromAnonymousEvent({ ...body, context: { ...body.context, anonymousId } }, services.clock());
    else
      throw new DomainError('validation', 'A signed-out visitor sends an anonymous id', {
        field: 'context.anonymousId',
      });
    reply.code(202);
    if (asksNotToBeTracked(request.headers)) {
      return { accepted: true as const, eventId: record.eventId, discarded: 'do_not_track' as const };
    }
    return track(record);
  });

  app.post('/track-event', { schema: { body: trackEventBodySchema, response: accepted } }, async (request, reply) => {
    ownUserId(request, request.body.userId);
    reply.code(202);
    return track(recordFromTrackEvent(request.body, services.clock()));
  });

  app.post(
    '/time-accuracy',
    { schema: { body: timeAccuracyBodySchema, response: accepted } },
    async (request, reply) => {
      ownUserId(request, request.body.userId);
      reply.code(202);
      return track(recordFromTimeAccuracy(request.body, services.clock()));
    },
  );

  app.get(
    '/daily-metrics',
    { schema: { querystring: dailyMetricsQuerySchema, response: { 200: dailyMetricsResponseSchema } } },
    async (request) => {
      const { caller, userId } = targetUser(request, request.query.userId);
      await requireAnalyticsDashboard(services, caller, 'daily_metrics', {
        start: request.query.start,
        // The user's own today (their time zone), so Starter's 30 days end where their day does.
        today: localDateOf(services.clock(), (await zoned(userId)).timeZone),
      });
      return dailyMetricsReport(pipeline().analytics, { userId, start: request.query.start, end: request.query.end });
    },
  );

  app.post(
    '/daily-metrics',
    { schema: { body: postDailyMetricsBodySchema, response: { 200: postDailyMetricsResponseSchema } } },
    async (request) => {
      const { userId } = targetUser(request, request.body.userId);
      await pipeline().requestDailyMetrics(userId, request.body.date);
      return {
        accepted: true as const,
        metrics: await computeDailyMetrics(pipeline().analytics, { ...(await zoned(userId)), date: request.body.date }),
      };
    },
  );

  app.get(
    '/user-metrics-simple',
    { schema: { querystring: userMetricsQuerySchema, response: { 200: userMetricsSimpleResponseSchema } } },
    async (request) => {
      const { userId } = targetUser(request, request.query.userId);
      const { metrics } = await computeUserScore(pipeline().analytics, await zoned(userId), services.clock());
      return { userId, ...metrics };
    },
  );

  app.get(
    '/user-metrics',
    { schema: { querystring: userMetricsQuerySchema, response: { 200: userMetricsResponseSchema } } },
    async (request) => {
      const { caller, userId } = targetUser(request, request.query.userId);
      await requireAnalyticsDashboard(services, caller, 'user_metrics');
      const { asOf, ...score } = await computeUserScore(pipeline().analytics, await zoned(userId), services.clock());
      return { userId, asOf, ...score };
    },
  );

  /** The goal's metrics for its owner or an admin; another user's goal is not found (its existence stays private). */
  const goalMetricsFor = async (request: Parameters<typeof requireUser>[0], goalId: string) => {
    const caller = requireUser(request);
    const metrics = await goalMetricsReport(pipeline().analytics, services.eventRegistry, goalId);
    if (!metrics || (metrics.userId !== caller.id && !caller.isAdmin)) throw notFound('Goal');
    return metrics;
  };

  app.get(
    '/goal-metrics',
    { schema: { querystring: goalMetricsQuerySchema, response: { 200: goalMetricsResponseSchema } } },
    async (request) => {
      await requireAnalyticsDashboard(services, requireUser(request), 'goal_metrics');
      return goalMetricsFor(request, request.query.goalId);
    },
  );

  app.post(
    '/goal-metrics',
    { schema: { body: postGoalMetricsBodySchema, response: { 200: goalMetricsResponseSchema } } },
    async (request) => goalMetricsFor(request, request.body.goalId),
  );
};

export default analyticsRoutes;
