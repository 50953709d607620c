import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { DEFAULT_TIME_ZONE } from '../users/user-time-zone';

/**
 * The usage month (YYYY-MM, the spec's currentMonth) an instant falls in, in the user's IANA time zone
 * (UTC when none is recorded): monthly limits start again when the month begins where the user lives.
 * Pure: the instant and the zone are all it reads.
 */
export const usageMonthOf = (instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string =>
  format(new TZDate(instant.getTime(), timeZone), 'yyyy-MM');
