import type { Queryable } from '@stride/platform/postgres/pool';

/**
 * The user's IANA time zone: every planner date (today, overdue, the next occurrence) is a local date in
 * it. The one place that reads it, so the users read model's `time_zone` column plugs in here; until that
 * column exists every user is on UTC.
 */
export const userTimeZone = async (_db: Queryable, _userId: string): Promise<string> => 'UTC';
