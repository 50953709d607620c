import type { Queryable } from '@stride/platform/postgres/pool';
import type { Preferences } from '@stride/domain/users/user-events';

/**
 * The caller's preferences (the spec's user_data table: id and preferences); null for an unknown user.
 * The column only ever holds merged UserPreferencesUpdated data, which the event schema validated.
 */
export async function getUserPreferences(
  db: Queryable,
  userId: string,
): Promise<{ id: string; preferences: Preferences } | null> {
  const { rows } = await db.query<{ id: string; preferences: Preferences }>(
    'SELECT id, preferences FROM users WHERE id = $1',
    [userId],
  );
  return rows[0] ?? null;
}
