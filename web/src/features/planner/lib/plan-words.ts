import type { OverdueTarget } from '@stride/domain/planning/overdue-moves';

/** The words the overdue moves are offered with (buttons, menu items, the palette). */
export const MOVE_TARGETS: readonly { readonly target: OverdueTarget; readonly label: string }[] = [
  { target: 'today', label: 'Today' },
  { target: 'tomorrow', label: 'Tomorrow' },
  { target: 'nextWeek', label: 'Next week' },
];

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const dayOfMonth = new Intl.DateTimeFormat('en-US', { day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
const withYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const withoutYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** A local date (YYYY-MM-DD) as "Wed" and "25". */
export const weekdayOf = (date: string) => weekday.format(utc(date));
export const dayOf = (date: string) => dayOfMonth.format(utc(date));
/** "Wednesday, November 25". */
export const longDateOf = (date: string) => longDay.format(utc(date));
/** "Nov 25", with the year when it is not `today`'s year. */
export const shortDateOf = (date: string, today: string) =>
  (date.slice(0, 4) === today.slice(0, 4) ? withoutYear : withYear).format(utc(date));
