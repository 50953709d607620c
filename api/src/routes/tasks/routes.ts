import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { positionSchema } from '@stride/domain/contracts/common';
import { energyQuerySchema, energyResponseSchema } from '@stride/domain/contracts/goals';
import { tasksForEnergy } from '@stride/domain/tasks/energy-workflow';
import { listOpenTasks } from '@stride/projections/goals/queries/list-open-tasks';
import { requireUser } from '../../auth/auth-user';
import { minPositionOf } from '../../http/read-your-writes';

/** /api/tasks: the energy-based workflow across the caller's goals (a goal's tasks: routes/goals). */
const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  /** The energy-based workflow: open tasks of active goals that fit the energy (and minutes) the user has. */
  app.get(
    '/energy',
    {
      schema: {
        querystring: energyQuerySchema.extend({ minPosition: positionSchema.optional() }),
        response: { 200: energyResponseSchema },
      },
    },
    async (request) => {
      minPositionOf(request); // checked (400 if malformed); reads never wait
      const { level, availableMinutes } = request.query;
      const open = await listOpenTasks(services.pool, requireUser(request).id);
      const fitting = tasksForEnergy(
        open.map((row) => ({
          row,
          energyLevel: row.energy_level,
          estimatedMinutes: row.estimated_minutes,
          status: row.status,
          deletedAt: row.deleted_at,
        })),
        level,
        availableMinutes === undefined ? {} : { availableMinutes },
      );
      return fitting.map(({ row }) => row);
    },
  );
};

export default taskRoutes;
