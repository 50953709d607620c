import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '@stride/application/services';

const componentSchema = z
  .object({ status: z.enum(['up', 'degraded', 'down']), mode: z.string() })
  .catchall(z.unknown());
type Component = z.infer<typeof componentSchema>;

const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  /** Which implementation each part runs on (embedded default or servers). */
  modes: z.object({ database: z.string(), bus: z.string(), queue: z.string(), analytics: z.string() }),
  components: z.record(z.string(), componentSchema),
  projections: z.array(z.object({ name: z.string(), position: z.number().int(), lag: z.number().int() })),
});

/** A transaction open this long holds back every gap-safe reader of the log. */
const STALLING_TRANSACTION_SECONDS = 30;

async function databaseHealth(services: Services): Promise<{ component: Component; headPosition: number }> {
  try {
    const stats = await services.eventStore.stats();
    return {
      headPosition: stats.headPosition,
      component: {
        status: stats.oldestOpenTransactionSeconds > STALLING_TRANSACTION_SECONDS ? 'degraded' : 'up',
        mode: services.config.modes.database,
        headPosition: stats.headPosition,
        oldestOpenTransactionSeconds: stats.oldestOpenTransactionSeconds,
      },
    };
  } catch (error) {
    return {
      headPosition: 0,
      component: { status: 'down', mode: services.config.modes.database, error: (error as Error).message },
    };
  }
}

/** Bus, queues and analytics store as the pipeline in this process sees them. */
async function pipelineHealth(services: Services): Promise<Record<string, Component>> {
  const { modes } = services.config;
  try {
    return (await services.analytics.health()) as Record<string, Component>;
  } catch (error) {
    const down = (mode: string): Component => ({ status: 'down', mode, error: (error as Error).message });
    return { bus: down(modes.bus), queues: down(modes.queue), analytics: down(modes.analytics) };
  }
}

/**
 * GET /api/health (public): each component (database, bus, queues, analytics store, relay and writers when
 * present) with its status and mode, the projections' lag, and the oldest open transaction. 503 when the
 * database is down; 200 with status 'degraded' when anything else is.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (_request, reply) => {
      const services = app.services;
      const [database, pipeline] = await Promise.all([databaseHealth(services), pipelineHealth(services)]);
      const components = { database: database.component, ...pipeline };
      const projections = services.projections.status().map(({ name, position }) => ({
        name,
        position,
        lag: Math.max(0, database.headPosition - position),
      }));
      const statuses = Object.values(components).map((component) => component.status);
      const status =
        database.component.status === 'down' ? 'down' : statuses.every((s) => s === 'up') ? 'ok' : 'degraded';
      return reply
        .code(status === 'down' ? 503 : 200)
        .send({ status, modes: services.config.modes, components, projections });
    },
  );
};

export default healthRoutes;
