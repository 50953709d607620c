import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '@stride/application/services';
import { within } from '@stride/platform/bus/component-health';

const componentSchema = z
  .object({ status: z.enum(['up', 'degraded', 'down']), mode: z.string() })
  .catchall(z.unknown());
type Component = z.infer<typeof componentSchema>;

const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  /** The components that are down (each one required): the reason for a 503. */
  failing: z.array(z.string()),
  /** Which implementation each part runs on (embedded default or servers). */
  modes: z.object({ database: z.string(), bus: z.string(), queue: z.string(), analytics: z.string() }),
  components: z.record(z.string(), componentSchema),
  projections: z.array(z.object({ name: z.string(), position: z.number().int(), lag: z.number().int() })),
});

/** A transaction open this long holds back every gap-safe reader of the log. */
const STALLING_TRANSACTION_SECONDS = 30;

async function databaseHealth(services: Services): Promise<{ component: Component; headPosition: number }> {
  try {
    const stats = await within('database', services.config.HEALTH_CHECK_TIMEOUT_MS, services.eventStore.stats());
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
    // Each component check has its own timeout inside; this one only bounds the whole.
    const ms = services.config.HEALTH_CHECK_TIMEOUT_MS + 500;
    return (await within('pipeline', ms, services.analytics.health())) as Record<string, Component>;
  } catch (error) {
    const down = (mode: string): Component => ({ status: 'down', mode, error: (error as Error).message });
    return { bus: down(modes.bus), queues: down(modes.queue), analytics: down(modes.analytics) };
  }
}

/**
 * GET /api/health (public): each component (database, bus, queues, analytics store, the relay with its lag,
 * the workers' heartbeat in an API process, the writers, the notification listener) with its status and
 * mode, the projections' lag, and the oldest open transaction. Each check has its own short timeout (HEALTH_CHECK_TIMEOUT_MS), so the answer
 * comes in time even when a server hangs. 503 with `failing` naming them when a component is down (every
 * component is required); 200 with status 'degraded' when one is degraded.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (_request, reply) => {
      const services = app.services;
      const [database, pipeline] = await Promise.all([databaseHealth(services), pipelineHealth(services)]);
      const components = {
        database: database.component,
        ...pipeline,
        // Other processes' announcements (a PostgreSQL server only): degraded while not heard.
        ...(services.notifications && { notifications: services.notifications.health() }),
      };
      // Inline read models commit with their events: they are always at the head of the log.
      const projections = services.projections.names.map((name) => ({
        name,
        position: database.headPosition,
        lag: 0,
      }));
      const entries = Object.entries(components) as [string, Component][];
      const failing = entries.filter(([, component]) => component.status === 'down').map(([name]) => name);
      const status =
        failing.length > 0 ? 'down' : entries.every(([, component]) => component.status === 'up') ? 'ok' : 'degraded';
      return reply
        .code(status === 'down' ? 503 : 200)
        .send({ status, failing, modes: services.config.modes, components, projections });
    },
  );
};

export default healthRoutes;
