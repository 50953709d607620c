import { localDayBounds } from '@stride/domain/analytics/local-time';
import { chDateTime } from '@stride/platform/clickhouse/params';

/** A user's calendar day in their own time zone. */
export interface ZonedUserDay {
  readonly userId: string;
  /** YYYY-MM-DD in `timeZone`. */
  readonly date: string;
  readonly timeZone: string;
}

/**
 * SQL for the 1-based index of the requested user-day a row falls in (0: none): ClickHouse takes a time zone
 * only as a constant, so each user's local day travels as its instant bounds in epoch milliseconds.
 */
export const DAY_INDEX_SQL = `arrayFirstIndex(
    (u, s, e) -> u = user_id AND toUnixTimestamp64Milli(occurred_at) >= s AND toUnixTimestamp64Milli(occurred_at) < e,
    {dayUsers:Array(String)}, {dayStarts:Array(Int64)}, {dayEnds:Array(Int64)})`;

/** The parameters DAY_INDEX_SQL reads, plus `users`, `from` and `to` that narrow the read to the days' span. */
export function localDayRangeParams(userDays: readonly ZonedUserDay[]) {
  const bounds = userDays.map((day) => localDayBounds(day.date, day.timeZone));
  return {
    users: [...new Set(userDays.map((day) => day.userId))],
    dayUsers: userDays.map((day) => day.userId),
    dayStarts: bounds.map((bound) => bound.start),
    dayEnds: bounds.map((bound) => bound.end),
    from: chDateTime(Math.min(...bounds.map((bound) => bound.start))),
    to: chDateTime(Math.max(...bounds.map((bound) => bound.end))),
  };
}
