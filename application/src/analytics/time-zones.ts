import { DEFAULT_TIME_ZONE } from '@stride/domain/users/user-time-zone';
import type { Queryable } from '@stride/platform/postgres/pool';
import { getTimeZones } from '@stride/projections/users/queries/get-time-zones';

/** A user and the time zone their days and hours are counted in. */
export interface ZonedUser {
  readonly userId: string;
  readonly timeZone: string;
}

/** The time zones of several users, from the users read model; unknown users count in DEFAULT_TIME_ZONE. */
export type TimeZoneLookup = (userIds: readonly string[]) => Promise<(userId: string) => string>;

export const timeZoneLookup =
  (db: Queryable): TimeZoneLookup =>
  async (userIds) => {
    const zones = await getTimeZones(db, userIds);
    return (userId) => zones.get(userId) ?? DEFAULT_TIME_ZONE;
  };

/** One user's time zone. */
export const timeZoneOf = async (db: Queryable, userId: string): Promise<string> =>
  (await timeZoneLookup(db)([userId]))(userId);
