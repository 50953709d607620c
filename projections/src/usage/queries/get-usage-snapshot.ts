import type { UsageState } from '@stride/domain/usage/usage-events';
import { streamIds } from '@stride/domain/stream-ids';
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
 * The counters row (as `getUsageSnapshot`), the user's time zone (as `getUserTimeZone`) and the current
 * version of the user's billing stream (the event store's `streams` row; 0 = no stream) in one round trip:
 * what a limited command (create-goal) reads before it decides (its tier is the billing state at that
 * version, which the command handler usually holds already).
 */
export async function getUsageSnapshotWithTimeZone(
  db: Queryable,
  userId: string,
): Promise<{
  snapshot: { state: UsageState; version: number } | null;
  timeZone: string;
  billingVersion: number;
  /** The version of the user's stream the time zone was read at (its events keep the users row). */
  userVersion: number;
}> {
  const { rows } = await preparedQuery<
    UsageCounterRow & { user_time_zone: string | null; billing_version: number | null; user_version: number | null }
  >(
    db,
    `SELECT (SELECT time_zone FROM users WHERE id = $1) AS user_time_zone,
            (SELECT version FROM streams WHERE stream_id = $2) AS billing_version,
            (SELECT version FROM streams WHERE stream_id = $3) AS user_version, c.*
       FROM (SELECT 1) AS one
       LEFT JOIN LATERAL (SELECT ${selectList(usageCountersTable)} FROM usage_counters WHERE user_id = $1) c ON true`,
    [userId, streamIds.billing(userId), streamIds.user(userId)],
  );
  const { user_time_zone, billing_version, user_version, ...row } = rows[0]!;
  return {
    snapshot: row.user_id === null ? null : { state: usageStateOf(row), version: row.stream_version },
    timeZone: user_time_zone ?? DEFAULT_TIME_ZONE,
    billingVersion: billing_version ?? 0,
    userVersion: user_version ?? 0,
  };
}
