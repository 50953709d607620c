/**
 * The create-goal of the API built on Emmett (@event-driven-io/emmett-postgresql), for bench:api's
 * ratioToEmmett: the same monthly limit check (the user's usage stream folded to this month's goal count
 * and compared with the tier's limit), the goal row written by an inline projection in the append's
 * transaction, behind a Fastify route. Emmett appends to one stream per call, so the usage count and the
 * goal are two appends (two transactions) where Stride's are one; a version conflict on the usage stream
 * is retried from the top. The tier is the benchmark users' (pro) rather than read from a billing model.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { isExpectedVersionConflictError, projections, STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { sql } from '@event-driven-io/dumbo';
import { getPostgreSQLEventStore, postgreSQLRawSQLProjection } from '@event-driven-io/emmett-postgresql';
import { isBelowLimit, limitsForTier } from '@stride/domain/plans/limits';

type GoalCreated = {
  type: 'GoalCreated';
  data: { goalId: string; userId: string; title: string; category: string; priority: string; createdAt: string };
};
type GoalCounted = { type: 'GoalCounted'; data: { goalId: string; month: string } };

export interface EmmettCreateGoal {
  readonly url: string;
  close(): Promise<void>;
}

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

export async function startEmmettCreateGoal(databaseUrl: string, poolSize: number): Promise<EmmettCreateGoal> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  await pool.query(`CREATE TABLE IF NOT EXISTS emmett_goals (
    goal_id text PRIMARY KEY, user_id text NOT NULL, title text NOT NULL, category text NOT NULL,
    priority text NOT NULL, status text NOT NULL, created_at timestamptz NOT NULL)`);
  const goalRow = postgreSQLRawSQLProjection<GoalCreated>({
    name: 'emmett_goals',
    canHandle: ['GoalCreated'],
    evolve: ({ data }) =>
      sql(
        `INSERT INTO emmett_goals (goal_id, user_id, title, category, priority, status, created_at)
         VALUES (%L, %L, %L, %L, %L, 'active', %L)`,
        data.goalId,
        data.userId,
        data.title,
        data.category,
        data.priority,
        data.createdAt,
      ),
  });
  const store = getPostgreSQLEventStore(databaseUrl, {
    connectionOptions: { pool },
    projections: projections.inline([goalRow]),
  });
  await store.schema.migrate();

  const createGoal = async (userId: string, body: { title: string; category: string; priority: string }) => {
    const goalId = randomUUID();
    for (let attempt = 0; ; attempt += 1) {
      const now = new Date();
      const month = monthOf(now);
      const usage = await store.aggregateStream<number, GoalCounted>(`usage-${userId}`, {
        initialState: () => 0,
        evolve: (count: number, event: GoalCounted) =>
          event.type === 'GoalCounted' && event.data.month === month ? count + 1 : count,
      });
      if (!isBelowLimit(usage.state, limitsForTier('pro').goalsPerMonth)) return null;
      try {
        await store.appendToStream<GoalCounted>(`usage-${userId}`, [{ type: 'GoalCounted', data: { goalId, month } }], {
          expectedStreamVersion: usage.streamExists ? usage.currentStreamVersion : STREAM_DOES_NOT_EXIST,
        });
      } catch (error) {
        if (isExpectedVersionConflictError(error) && attempt < 10) continue;
        throw error;
      }
      await store.appendToStream<GoalCreated>(
        `goal-${goalId}`,
        [{ type: 'GoalCreated', data: { goalId, userId, ...body, createdAt: now.toISOString() } }],
        { expectedStreamVersion: STREAM_DOES_NOT_EXIST },
      );
      return goalId;
    }
  };

  const app: FastifyInstance = Fastify({ logger: false });
  app.post<{ Body: { title: string; category: string; priority: string }; Headers: { 'x-user-id': string } }>(
    '/goals',
    async (request, reply) => {
      const goalId = await createGoal(request.headers['x-user-id'], request.body);
      if (goalId === null) return reply.code(403).send({ error: 'limit_reached' });
      const { rows } = await pool.query('SELECT * FROM emmett_goals WHERE goal_id = $1', [goalId]);
      return reply.code(201).send({ goal: rows[0] });
    },
  );
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    close: async () => {
      await app.close();
      await store.close();
      await pool.end().catch(() => undefined);
    },
  };
}
