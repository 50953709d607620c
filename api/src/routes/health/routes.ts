import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['embedded-pglite', 'postgres']),
  headPosition: z.number().int(),
  oldestOpenTransactionSeconds: z.number(),
  projections: z.array(z.object({ name: z.string(), position: z.number().int(), lag: z.number().int() })),
});

/** GET /api/health (public): the event log head, each projection's lag, and the oldest open transaction. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: healthResponseSchema } } }, async () => {
    const { eventStore, projections, config } = app.services;
    const stats = await eventStore.stats();
    const status = projections.status().map(({ name, position }) => ({
      name,
      position,
      lag: Math.max(0, stats.headPosition - position),
    }));
    return {
      status: stats.oldestOpenTransactionSeconds > 30 ? ('degraded' as const) : ('ok' as const),
      database: config.modes.database,
      headPosition: stats.headPosition,
      oldestOpenTransactionSeconds: stats.oldestOpenTransactionSeconds,
      projections: status,
    };
  });
};

export default healthRoutes;
