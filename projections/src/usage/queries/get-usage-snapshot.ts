import type { UsageState } from '@stride/domain/usage/usage-events';
import { DEFAULT_TIME_ZONE } from '@stride/domain/users/user-time-zone';
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

/**
 * The counters row (as `getUsageSnapshot`) and the user's time zone (as `getUserTimeZone`) in one round
 * trip: what a limited command (create-goal) reads before it decides.
 */
export async function getUsageSnapshotWithTimeZone(
  db: Queryable,
  userId: string,
): Promise<{ snapshot: { state: UsageState; version: number } | null; timeZone: string }> {
  const { rows } = await preparedQuery<UsageCounterRow & { user_time_zone: string | null }>(
    db,
    `SELECT (SELECT time_zone FROM users WHERE id = $1) AS user_time_zone, c.*
       FROM (SELECT 1) AS one
       LEFT JOIN LATERAL (SELECT ${selectList(usageCountersTable)} FROM usage_counters WHERE user_id = $1) c ON true`,
    [userId],
  );
  const { user_time_zone, ...row } = rows[0]!;
  return {
    snapshot: row.user_id === null ? null : { state: usageStateOf(row), version: row.stream_version },
    timeZone: user_time_zone ?? DEFAULT_TIME_ZONE,
  };
}
