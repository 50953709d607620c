import { TZDate } from '@date-fns/tz';
import { addDays, localDateOf, type LocalDate } from '../dates/local-date';

/**
 * Days and hours as a user lives them: every daily figure, streak and "most productive hour" is counted in
 * the user's own IANA time zone, never the server's or UTC (unless that is the user's zone).
 */

/** The instants [start, end) in epoch milliseconds of a calendar day in a time zone (23 or 25 hours on DST days). */
export function localDayBounds(date: LocalDate, timeZone: string): { start: number; end: number } {
  const startOf = (day: LocalDate) => {
    const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
    return new TZDate(year, month - 1, dayOfMonth, timeZone).getTime();
  };
  return { start: startOf(date), end: startOf(addDays(date, 1)) };
}

/** The hour of the day (0..23) an instant falls on in a time zone. */
export const localHourOf = (at: number, timeZone: string): number => new TZDate(at, timeZone).getHours();

/** The user's calendar day of an instant given in epoch milliseconds. */
export const localDayOf = (at: number, timeZone: string): LocalDate => localDateOf(new Date(at), timeZone);

/** The local days a UTC calendar day overlaps in a time zone (one or two; offsets reach ±14 hours). */
export function localDaysOfUtcDay(utcDay: LocalDate, timeZone: string): LocalDate[] {
  const { start, end } = localDayBounds(utcDay, 'UTC');
  return [...new Set([localDayOf(start, timeZone), localDayOf(end - 1, timeZone)])];
}
