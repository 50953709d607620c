import { z } from 'zod';
import { streamIds } from '@stride/domain/stream-ids';
import { userDecider } from '@stride/domain/users/user-decider';
import type { Queryable } from '@stride/platform/postgres/pool';
import { collectionsTable } from '@stride/projections/collections/collections-table';
import { goalsTable, tasksTable } from '@stride/projections/goals/goals-tables';
import { taskSeriesTable, taskTimeEntriesTable } from '@stride/projections/planner/planner-tables';
import { subtasksTable } from '@stride/projections/subtasks/subtasks-table';
import { templatesTable } from '@stride/projections/templates/templates-table';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';

export const inputSchema = z.object({
  /** The user to erase: the caller themselves (`by: 'user'`), or anyone when an admin asks (`by: 'admin'`). */
  userId: z.string().min(1),
  by: z.enum(['user', 'admin']),
});
export const resultSchema = z.object({
  position: z.number().int().nullable(),
  /**
   * The user's customers at the payment provider: UserErased names them, and the workers delete them there
   * from the log shortly after (erasedCustomersConsumer), also after a crash.
   */
  stripeCustomersToDelete: z.number().int(),
});
export type EraseUserResult = z.infer<typeof resultSchema>;

/** The ids of rows grouped by what `groupOf` gives (its values name a group), groups in first-seen order. */
function idsGrouped<Row, Group extends Record<string, string>>(
  rows: readonly Row[],
  groupOf: (row: Row) => Group,
  idOf: (row: Row) => string,
): Array<Group & { ids: string[] }> {
  const groups = new Map<string, Group & { ids: string[] }>();
  for (const row of rows) {
    const group = groupOf(row);
    const name = JSON.stringify(Object.values(group));
    let found = groups.get(name);
    if (!found) groups.set(name, (found = { ...group, ids: [] }));
    found.ids.push(idOf(row));
  }
  return [...groups.values()];
}

/** The aggregates the user owns, so that UserErased can name every read-model row that must go. */
async function ownedAggregates(db: Queryable, userId: string) {
  const goals = await db.query<{ id: string }>(`SELECT id FROM ${goalsTable.name} WHERE user_id = $1 ORDER BY id`, [
    userId,
  ]);
  const tasks = await db.query<{ goal_id: string; id: string }>(
    `SELECT goal_id, id FROM ${tasksTable.name} WHERE user_id = $1 ORDER BY goal_id, id`,
    [userId],
  );
  const collections = await db.query<{ id: string }>(
    `SELECT id FROM ${collectionsTable.name} WHERE user_id = $1 ORDER BY id`,
    [userId],
  );
  const subtasks = await db.query<{ goal_id: string; id: string }>(
    `SELECT goal_id, id FROM ${subtasksTable.name} WHERE user_id = $1 ORDER BY goal_id, id`,
    [userId],
  );
  const series = await db.query<{ goal_id: string; series_id: string }>(
    `SELECT goal_id, series_id FROM ${taskSeriesTable.name} WHERE user_id = $1 ORDER BY goal_id, series_id`,
    [userId],
  );
  const timeEntries = await db.query<{ goal_id: string; task_id: string; entry_id: string }>(
    `SELECT goal_id, task_id, entry_id FROM ${taskTimeEntriesTable.name} WHERE user_id = $1 ORDER BY goal_id, task_id, entry_id`,
    [userId],
  );
  const templates = await db.query<{ id: string }>(
    `SELECT id FROM ${templatesTable.name} WHERE user_id = $1 ORDER BY id`,
    [userId],
  );
  return {
    subtasks: idsGrouped(
      subtasks.rows,
      (row) => ({ goalId: row.goal_id }),
      (row) => row.id,
    ).map(({ ids, ...group }) => ({ ...group, subtaskIds: ids })),
    series: idsGrouped(
      series.rows,
      (row) => ({ goalId: row.goal_id }),
      (row) => row.series_id,
    ).map(({ ids, ...group }) => ({ ...group, seriesIds: ids })),
    goals: goals.rows.map(({ id }) => ({
      goalId: id,
      taskIds: tasks.rows.filter((task) => task.goal_id === id).map((task) => task.id),
    })),
    collectionIds: collections.rows.map(({ id }) => id),
    templateIds: templates.rows.map(({ id }) => id),
    timeEntries: idsGrouped(
      timeEntries.rows,
      (row) => ({ goalId: row.goal_id, taskId: row.task_id }),
      (row) => row.entry_id,
    ).map(({ ids, ...group }) => ({ ...group, entryIds: ids })),
  };
}

/**
 * "Delete my account" and an admin's erasure (crypto-shredding): in one transaction, UserErased on the
 * user's stream (every read model drops the user's rows on it, live and in replays) and the user's data key
 * erased, so every personal field they ever wrote reads as "[erased]" while every hash chain still
 * verifies; the answers kept for their Idempotency-Keys go too. UserErased names their Stripe customers, which
 * the workers delete from the log (the erasure never waits on the provider, and a crash loses no deletion).
 * Analytics keep only what never named them: personal fields are never copied to ClickHouse.
 */
export async function run(
  services: Services,
  context: CommandContext,
  input: z.infer<typeof inputSchema>,
): Promise<EraseUserResult> {
  const { userId, by } = input;
  const owned = await ownedAggregates(services.pool, userId);
  const { state: billing } = await services.billing.store.load(userId);
  const customerIds = [...new Set(billing.customerIds)];
  let result: EraseUserResult;
  try {
    ({ result } = await services.commands.execute({
      streams: { user: { streamId: streamIds.user(userId), decider: userDecider } },
      decide: (states, metadata) => ({
        user: userDecider.decide(
          { type: 'EraseUser', data: { userId, by, ...owned, stripeCustomerIds: customerIds }, metadata },
          states.user,
        ),
      }),
      context,
      alsoInTransaction: async (client) => {
        await services.userKeys.erase(userId, client);
        await client.query('DELETE FROM command_idempotency WHERE user_id = $1', [userId]);
      },
      // The whole answer, kept with an Idempotency-Key: a retry after a lost response rebuilds it from this.
      result: (outcome) => ({ position: outcome.position, stripeCustomersToDelete: customerIds.length }),
    }));
  } catch (error) {
    services.userKeys.forget(userId);
    throw error;
  }
  // Stream states this process folded while the key was there must not outlive it (plaintext).
  services.commands.forgetStates();
  return result;
}
