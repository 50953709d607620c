import type { UsageState } from '@stride/domain/usage/usage-events';
import { preparedQuery, type Queryable } from '@stride/platform/postgres/pool';
import { usageStateOf } from '../usage-projection';
import { selectList } from '../../core/sql-rows';
import { usageCountersTable, type UsageCounterRow } from '../usage-table';

/**
 * The usage aggregate's state and the stream version it reflects, from the counters row the usage events'
 * transactions keep (one primary-key read, however long the stream). null when the user has no row.
 */
export async function getUsageSnapshot(
  db: Queryable,
  userId: string,
): Promise<{ state: UsageState; version: number } | null> {
  const { rows } = await preparedQuery<UsageCounterRow>(
    db,
    `SELECT ${selectList(usageCountersTable)} FROM usage_counters WHERE user_id = $1`,
    [userId],
  );
  const row = rows[0];
  return row ? { state: usageStateOf(row), version: row.stream_version } : null;
}
