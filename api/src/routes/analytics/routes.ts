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
import {
  recordFromTimeAccuracy,
  recordFromTrackEvent,
  recordFromTrackedEvent,
  type TrackedEventRecord,
} from '@stride/application/analytics/tracked-event-record';
import { requireUser } from '../../auth/auth-user';
import { requireProAnalytics, targetUser } from './access';
import { notFound } from './analytics-services';

const accepted = { 202: trackAcceptedResponseSchema };

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

  app.post('/events', { schema: { body: analyticsEventsBodySchema, response: accepted } }, async (request, reply) => {
    const caller = requireUser(request);
    reply.code(202);
    return track(recordFromTrackedEvent(request.body, caller.id, services.clock()));
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
      await requireProAnalytics(services, caller, 'daily_metrics');
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
      await requireProAnalytics(services, caller, 'user_metrics');
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
      await requireProAnalytics(services, requireUser(request), 'goal_metrics');
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
