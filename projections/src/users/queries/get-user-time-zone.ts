import { DEFAULT_TIME_ZONE } from '@stride/domain/users/user-time-zone';
import type { Queryable } from '@stride/platform/postgres/pool';

/** The user's IANA time zone (UTC for a user who never reported one, or an unknown user). */
export async function getUserTimeZone(db: Queryable, userId: string): Promise<string> {
  const { rows } = await db.query<{ time_zone: string }>('SELECT time_zone FROM users WHERE id = $1', [userId]);
  return rows[0]?.time_zone ?? DEFAULT_TIME_ZONE;
}
