import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attributionResponseSchema,
  dateRangeQuerySchema,
  failedJobsParamsSchema,
  failedJobsQuerySchema,
  failedJobsResponseSchema,
  funnelQuerySchema,
  funnelResponseSchema,
  pipelineHealthResponseSchema,
  signupErrorsQuerySchema,
  signupErrorsResponseSchema,
} from '@stride/domain/contracts/analytics';
import { attributionReport } from '@stride/application/analytics/reports/attribution-report';
import { funnelReport } from '@stride/application/analytics/reports/funnel-report';
import { signupErrorsReport } from '@stride/application/analytics/reports/signup-errors-report';
import { z } from 'zod';
import { requireAdmin } from '../../auth/auth-user';
import { erasureResponseSchema, runErasure } from '../user/erasure';

/** /api/admin: the admin reports and the pipeline's operations views. Every route is admin only. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const pipeline = () => app.services.analytics;
  app.addHook('preHandler', async (request) => {
    requireAdmin(request);
  });

  app.get(
    '/analytics/funnel',
    { schema: { querystring: funnelQuerySchema, response: { 200: funnelResponseSchema } } },
    async (request) => funnelReport(pipeline().analytics, request.query),
  );

  app.get(
    '/analytics/attribution',
    { schema: { querystring: dateRangeQuerySchema, response: { 200: attributionResponseSchema } } },
    async (request) => attributionReport(pipeline().analytics, request.query),
  );

  app.get(
    '/signup-errors',
    { schema: { querystring: signupErrorsQuerySchema, response: { 200: signupErrorsResponseSchema } } },
    async (request) => signupErrorsReport(pipeline().analytics, request.query),
  );

  /** An admin's erasure of a user (the same erasure as the user's own "Delete my account"). */
  app.post(
    '/users/:userId/erase',
    { schema: { params: z.object({ userId: z.string().min(1).max(200) }), response: { 200: erasureResponseSchema } } },
    (request, reply) => runErasure(request, reply, { userId: request.params.userId, by: 'admin' }),
  );

  app.get('/pipeline/health', { schema: { response: { 200: pipelineHealthResponseSchema } } }, async () =>
    pipeline().health(),
  );

  app.get(
    '/queues/:queue/failed',
    {
      schema: {
        params: failedJobsParamsSchema,
        querystring: failedJobsQuerySchema,
        response: { 200: failedJobsResponseSchema },
      },
    },
    async (request) => ({
      queue: request.params.queue,
      jobs: await pipeline().queues.failed(request.params.queue, request.query.limit),
    }),
  );
};

export default adminRoutes;
