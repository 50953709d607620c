import { streamIds } from '@stride/domain/stream-ids';
import { DEFAULT_TIME_ZONE } from '@stride/domain/users/user-time-zone';
import { preparedQuery, type Queryable } from '@stride/platform/postgres/pool';

/** The user's IANA time zone (UserTimeZoneChanged); 'UTC' for a user who never reported one, or unknown. */
export async function getUserTimeZone(db: Queryable, userId: string): Promise<string> {
  const { rows } = await preparedQuery<{ time_zone: string }>(db, 'SELECT time_zone FROM users WHERE id = $1', [
    userId,
  ]);
  return rows[0]?.time_zone ?? DEFAULT_TIME_ZONE;
}

/**
 * The user's time zone (as `getUserTimeZone`) and the version of their user stream it was read at (its events
 * keep the users row), in one statement.
 */
export async function getUserTimeZoneWithVersion(
  db: Queryable,
  userId: string,
): Promise<{ timeZone: string; userVersion: number }> {
  const { rows } = await preparedQuery<{ time_zone: string | null; user_version: number | null }>(
    db,
    `SELECT (SELECT time_zone FROM users WHERE id = $1) AS time_zone,
            (SELECT version FROM streams WHERE stream_id = $2) AS user_version`,
    [userId, streamIds.user(userId)],
  );
  return { timeZone: rows[0]?.time_zone ?? DEFAULT_TIME_ZONE, userVersion: rows[0]?.user_version ?? 0 };
}
