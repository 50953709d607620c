import { streamIds } from '@stride/domain/stream-ids';
import type { PostgresEventStore } from '@stride/platform/event-store/event-store';
import type { StoredEvent } from '@stride/platform/event-store/types';
import type { Queryable } from '@stride/platform/postgres/pool';
import { calendarFeedsTable } from '@stride/projections/calendar/calendar-feeds-projection';
import { collectionsTable } from '@stride/projections/collections/collections-table';
import { selectList } from '@stride/projections/core/sql-rows';
import type { AnyTableSpec } from '@stride/projections/core/table';
import { goalsTable, tasksTable } from '@stride/projections/goals/goals-tables';
import { taskPlansTable, taskSeriesTable, taskTimeEntriesTable } from '@stride/projections/planner/planner-tables';
import { subtasksTable } from '@stride/projections/subtasks/subtasks-table';
import { templatesTable } from '@stride/projections/templates/templates-table';
import { usageCountersTable } from '@stride/projections/usage/usage-table';
import { userBillingTable, usersTable } from '@stride/projections/users/users-tables';

/** Bumped when the shape of the export changes, so that a reader can tell versions apart. */
export const USER_DATA_EXPORT_FORMAT = 'stride.user-data-export/1';

export interface UserDataExport {
  readonly format: typeof USER_DATA_EXPORT_FORMAT;
  readonly userId: string;
  readonly exportedAt: string;
  /** Every event of the user's streams, in log order, decrypted (personal fields of an erased user read "[erased]"). */
  readonly events: StoredEvent[];
  /** Every row of every read model (and operational table) that holds this user's data, by table. */
  readonly readModels: Record<string, Record<string, unknown>[]>;
}

interface Deps {
  readonly pool: Queryable;
  readonly eventStore: PostgresEventStore;
  readonly clock: () => Date;
}

const PAGE = 1000;

/** The read models and the column naming their user. */
const READ_MODELS: readonly { readonly table: AnyTableSpec; readonly userColumn: string }[] = [
  { table: usersTable as unknown as AnyTableSpec, userColumn: 'id' },
  { table: userBillingTable as unknown as AnyTableSpec, userColumn: 'user_id' },
  { table: usageCountersTable as unknown as AnyTableSpec, userColumn: 'user_id' },
  { table: goalsTable as unknown as AnyTableSpec, userColumn: 'user_id' },
  { table: tasksTable as unknown as AnyTableSpec, userColumn: 'user_id' },
  { table: collectionsTable as unknown as AnyTableSpec, userColumn: 'user_id' },
  { table: templatesTable as unknown as AnyTableSpec, userColumn: 'user_id' },
  { table: taskPlansTable as unknown as AnyTableSpec, userColumn: 'user_id' },
  { table: taskSeriesTable as unknown as AnyTableSpec, userColumn: 'user_id' },
  { table: taskTimeEntriesTable as unknown as AnyTableSpec, userColumn: 'user_id' },
  { table: subtasksTable as unknown as AnyTableSpec, userColumn: 'user_id' },
  { table: calendarFeedsTable as unknown as AnyTableSpec, userColumn: 'user_id' },
];

/** Operational tables with a user column (billing bookkeeping, answers kept for idempotent retries). */
const OPERATIONAL_TABLES = ['billing_deadlines', 'stripe_events', 'command_idempotency'] as const;

/**
 * The user's events: the streams they own (created by their commands) and the streams named after them
 * (user, usage, billing; a billing stream may have been opened by a Stripe webhook, owned by the system).
 */
async function userEvents(deps: Deps, userId: string): Promise<StoredEvent[]> {
  const byPosition = new Map<number, StoredEvent>();
  for (let afterPosition = 0; ;) {
    const page = await deps.eventStore.readByOwner(userId, { afterPosition, limit: PAGE });
    for (const event of page) byPosition.set(event.globalPosition, event);
    if (page.length < PAGE) break;
    afterPosition = page.at(-1)!.globalPosition;
  }
  const named = [
    streamIds.user(userId),
    streamIds.usage(userId),
    streamIds.billing(userId),
    streamIds.calendar(userId),
  ];
  for (const streamId of named) {
    const { events } = await deps.eventStore.readStream(streamId);
    for (const event of events) byPosition.set(event.globalPosition, event);
  }
  return [...byPosition.values()].sort((a, b) => a.globalPosition - b.globalPosition);
}

async function userRows(deps: Deps, userId: string): Promise<Record<string, Record<string, unknown>[]>> {
  const rows: Record<string, Record<string, unknown>[]> = {};
  for (const { table, userColumn } of READ_MODELS) {
    const result = await deps.pool.query<Record<string, unknown>>(
      `SELECT ${selectList(table)} FROM ${table.name} WHERE ${userColumn} = $1 ORDER BY ${table.key.join(', ')}`,
      [userId],
    );
    rows[table.name] = result.rows;
  }
  for (const table of OPERATIONAL_TABLES) {
    const result = await deps.pool.query<Record<string, unknown>>(`SELECT * FROM ${table} WHERE user_id = $1`, [
      userId,
    ]);
    rows[table] = result.rows;
  }
  return rows;
}

/**
 * Everything Stride holds about one user, as JSON (privacy law's right of access and portability): their
 * events and their read-model rows. Only rows and streams of this user are read; nothing is filtered
 * after the fact.
 */
export async function exportUserData(deps: Deps, userId: string): Promise<UserDataExport> {
  const [events, readModels] = await Promise.all([userEvents(deps, userId), userRows(deps, userId)]);
  return {
    format: USER_DATA_EXPORT_FORMAT,
    userId,
    exportedAt: deps.clock().toISOString(),
    events,
    readModels,
  };
}
