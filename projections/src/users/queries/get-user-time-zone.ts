import { preparedQuery, type Queryable } from '@stride/platform/postgres/pool';

/** The user's IANA time zone (UserTimeZoneChanged); 'UTC' for a user who never reported one, or unknown. */
export async function getUserTimeZone(db: Queryable, userId: string): Promise<string> {
  const { rows } = await preparedQuery<{ time_zone: string }>(db, 'SELECT time_zone FROM users WHERE id = $1', [
    userId,
  ]);
  return rows[0]?.time_zone ?? 'UTC';
}
