import type { Queryable } from '@stride/platform/postgres/pool';

/** Each known user's IANA time zone (users that are not registered are left out). */
export async function getTimeZones(db: Queryable, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; time_zone: string }>(
    'SELECT id, time_zone FROM users WHERE id = ANY($1::text[])',
    [[...new Set(userIds)]],
  );
  return new Map(rows.map((row) => [row.id, row.time_zone]));
}
