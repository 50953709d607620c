import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE } from '../users/user-time-zone';

/**
 * The usage month (YYYY-MM, the spec's currentMonth) an instant falls in, in the user's IANA time zone
 * (UTC when none is recorded): monthly limits start again when the month begins where the user lives.
 * Pure: the instant and the zone are all it reads. Read from the zoned date's own fields: date-fns'
 * `format` cost three times as much, on every command that counts usage.
 */
export const usageMonthOf = (instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string => {
  const local = new TZDate(instant.getTime(), timeZone);
  return `${String(local.getFullYear()).padStart(4, '0')}-${String(local.getMonth() + 1).padStart(2, '0')}`;
};
