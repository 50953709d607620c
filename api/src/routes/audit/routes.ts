import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StoredEvent } from '@stride/platform/event-store/types';
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
} from './audit-schemas';
import { replayState } from './replay-state';
import { requireStreamAccess } from './stream-access';

/** Times resolve to the millisecond: `at` includes events recorded within that millisecond (stored in µs). */
const endOfMillisecond = (instant: string): Date => new Date(Date.parse(instant) + 1);

const auditEvent = (event: StoredEvent) => ({ ...event, metadata: { ...event.metadata } });

/** /api/audit: the log itself, replayable (spec: replayable event audits). */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { eventStore, eventRegistry } = app.services;

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
      const { afterVersion, limit } = request.query;
      const [version, page] = await Promise.all([
        eventStore.streamVersion(streamId),
        eventStore.readStream(streamId, { fromVersion: afterVersion + 1, toVersion: afterVersion + limit }),
      ]);
      const last = page.events.at(-1)?.streamVersion ?? afterVersion;
      return {
        streamId,
        version,
        events: page.events.map(auditEvent),
        nextAfterVersion: last < version ? last : null,
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
      const { at } = request.query;
      const bound =
        at === undefined ? {} : /^\d+$/.test(at) ? { toPosition: Number(at) } : { toTime: endOfMillisecond(at) };
      const { events } = await eventStore.readStream(streamId, bound);
      const last = events.at(-1);
      return {
        streamId,
        at: at ?? null,
        version: last?.streamVersion ?? 0,
        position: last?.globalPosition ?? null,
        recordedAt: last?.recordedAt ?? null,
        state: replayState(streamId, events, eventRegistry),
      };
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
        events: page.map(auditEvent),
        nextAfterPosition: events.length > limit ? (page.at(-1)?.globalPosition ?? null) : null,
      };
    },
  );
};

export default auditRoutes;
