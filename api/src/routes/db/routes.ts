import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dbQueryBodySchema, dbQueryResponseSchema } from '@stride/domain/contracts/db-query';
import { goalsTable } from './goals-table';
import type { TableHandler } from './rows';
import { tasksTable } from './tasks-table';
import { userDataTable } from './user-data-table';

const tables: Readonly<Record<'user_data' | 'goals' | 'tasks', TableHandler>> = {
  user_data: userDataTable,
  goals: goalsTable,
  tasks: tasksTable,
};

/**
 * POST /api/db/query: the spec's legacy data service, kept as a narrow gate (contracts/db-query.ts).
 * Only user_data, goals and tasks (the contract's enum: anything else is a 400); only the caller's rows;
 * every write runs the matching command, so it emits events and obeys the plan limits.
 */
const dbQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/query',
    { schema: { body: dbQueryBodySchema, response: { 200: dbQueryResponseSchema } } },
    (request, reply) => tables[request.body.table](request, reply, request.body),
  );
};

export default dbQueryRoutes;
