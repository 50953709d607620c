import { DEFAULT_TIME_ZONE } from '../users/user-time-zone';

/** One formatter per zone (making one costs far more than using it); the IANA zones are a bounded set. */
const monthFormatters = new Map<string, Intl.DateTimeFormat>();
const monthFormatter = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = monthFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' });
    if (monthFormatters.size >= 1_000) monthFormatters.clear();
    monthFormatters.set(timeZone, formatter);
  }
  return formatter;
};

const yearMonth = (year: number, month: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;

/**
 * The usage month (YYYY-MM, the spec's currentMonth) an instant falls in, in the user's IANA time zone
 * (UTC when none is recorded): monthly limits start again when the month begins where the user lives.
 * Pure: the instant and the zone are all it reads. UTC from the date's own UTC fields, other zones from
 * the zone's month and year as Intl formats them (one formatter per zone, kept): every command that counts
 * usage computes this, and a TZDate cost twice as much (date-fns' `format` six times).
 */
export const usageMonthOf = (instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string => {
  if (timeZone === 'UTC') return yearMonth(instant.getUTCFullYear(), instant.getUTCMonth() + 1);
  let year = 0;
  let month = 0;
  for (const part of monthFormatter(timeZone).formatToParts(instant)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
  }
  return yearMonth(year, month);
};
