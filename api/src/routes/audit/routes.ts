import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '@stride/domain/shared/domain-error';
import { requireAdmin } from '../../auth/auth-user';
import {
  streamEventsQuerySchema,
  streamEventsResponseSchema,
  streamParamsSchema,
  streamStateQuerySchema,
  streamStateResponseSchema,
  userEventsParamsSchema,
  userEventsQuerySchema,
  userEventsResponseSchema,
} from '@stride/domain/contracts/audit';
import { requireStreamAccess } from './stream-access';
import { decodeEvent, diffBetween, stateAt } from './time-travel';

/** /api/audit: the log itself, replayable (spec: replayable event audits). */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { eventStore, eventRegistry } = app.services;
  const deps = { eventStore, eventRegistry };

  app.get(
    '/streams/:streamId',
    {
      schema: {
        params: streamParamsSchema,
        querystring: streamEventsQuerySchema,
        response: { 200: streamEventsResponseSchema },
      },
    },
    async (request) => {
      const { streamId } = request.params;
      await requireStreamAccess(request, streamId);
      const { afterVersion, limit, at, from, to } = request.query;
      if (to !== undefined && from === undefined) {
        throw new DomainError('validation', 'from: required with to', { field: 'from' });
      }
      const [version, page, state, diff] = await Promise.all([
        eventStore.streamVersion(streamId),
        eventStore.readStream(streamId, { fromVersion: afterVersion + 1, toVersion: afterVersion + limit }),
        at === undefined ? undefined : stateAt(deps, streamId, at),
        from === undefined ? undefined : diffBetween(deps, streamId, from, to ?? at),
      ]);
      const last = page.events.at(-1)?.streamVersion ?? afterVersion;
      return {
        streamId,
        version,
        events: page.events.map((event) => decodeEvent(event, eventRegistry)),
        nextAfterVersion: last < version ? last : null,
        ...(state && { state }),
        ...(diff && { diff }),
      };
    },
  );

  app.get(
    '/streams/:streamId/state',
    {
      schema: {
        params: streamParamsSchema,
        querystring: streamStateQuerySchema,
        response: { 200: streamStateResponseSchema },
      },
    },
    async (request) => {
      const { streamId } = request.params;
      await requireStreamAccess(request, streamId);
      return { streamId, ...(await stateAt(deps, streamId, request.query.at)) };
    },
  );

  /** Every event of the streams the user owns, in log order (admin only). */
  app.get(
    '/users/:userId',
    {
      schema: {
        params: userEventsParamsSchema,
        querystring: userEventsQuerySchema,
        response: { 200: userEventsResponseSchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      const { afterPosition, limit } = request.query;
      const events = await eventStore.readByOwner(request.params.userId, { afterPosition, limit: limit + 1 });
      const page = events.slice(0, limit);
      return {
        userId: request.params.userId,
        events: page.map((event) => decodeEvent(event, eventRegistry)),
        nextAfterPosition: events.length > limit ? (page.at(-1)?.globalPosition ?? null) : null,
      };
    },
  );
};

export default auditRoutes;
