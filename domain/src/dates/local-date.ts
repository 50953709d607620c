import { TZDate } from '@date-fns/tz';
import { addDays as addCalendarDays, differenceInCalendarDays, format, getISODay } from 'date-fns';
import { z } from 'zod';

/**
 * Calendar dates as the user lives them: `YYYY-MM-DD` in the user's own time zone, with no time and no
 * offset. Every do date, due date, target date and occurrence date in the domain is one of these.
 * Arithmetic on them is calendar arithmetic (a day is a day, DST or not), done through date-fns on a
 * TZDate pinned to UTC so the machine's own zone never leaks in.
 */
export type LocalDate = string;

const LOCAL_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** True for a real calendar date between years 1000 and 9999 (so 2026-02-30, 2026-13-45, 0000-00-00 fail). */
export const isLocalDate = (value: string): boolean => {
  const match = LOCAL_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
};

/** The one schema of a calendar date in the domain. */
export const localDateSchema = z
  .string()
  .refine(isLocalDate, { message: 'Expected a calendar date as YYYY-MM-DD' }) satisfies z.ZodType<LocalDate>;

/** True for an IANA time zone name the runtime knows (Europe/Berlin, America/New_York, UTC). */
export const isTimeZone = (value: string): boolean => {
  if (value.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const timeZoneSchema = z.string().refine(isTimeZone, { message: 'Expected an IANA time zone' });

/**
 * The zone used when a command carries none: the last zone on Earth to reach a new day (UTC-12), so a
 * date is only "in the past" when it is past for everyone, and no user is refused a date that is still
 * today where they are.
 */
export const LENIENT_TIME_ZONE = 'Etc/GMT+12';

const floating = (date: LocalDate): TZDate => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, 'UTC');
};

const formatLocal = (date: Date): LocalDate => format(date, 'yyyy-MM-dd');

/** The user's calendar date at an instant, in their time zone. */
export const localDateOf = (instant: Date, timeZone: string): LocalDate =>
  formatLocal(new TZDate(instant.getTime(), timeZone));

export const addDays = (date: LocalDate, days: number): LocalDate => formatLocal(addCalendarDays(floating(date), days));

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: LocalDate, to: LocalDate): number =>
  differenceInCalendarDays(floating(to), floating(from));

/** ISO weekday: 1 Monday ... 7 Sunday. */
export const isoWeekdayOf = (date: LocalDate): number => getISODay(floating(date));

/** The Monday of the ISO week holding `date`. */
export const startOfIsoWeek = (date: LocalDate): LocalDate => addDays(date, 1 - isoWeekdayOf(date));

/** The first Monday strictly after `date`. */
export const nextMonday = (date: LocalDate): LocalDate => addDays(date, 8 - isoWeekdayOf(date));

/** ISO strings of the same format compare as calendar dates. */
export const compareLocalDates = (a: LocalDate, b: LocalDate): number => (a < b ? -1 : a > b ? 1 : 0);

/** A floating (UTC midnight) Date for a local date: the form rrule computes in. */
export const floatingDateOf = (date: LocalDate): Date => new Date(floating(date).getTime());

/** The local date a floating (UTC midnight) Date stands for. */
export const localDateOfFloating = (date: Date): LocalDate => date.toISOString().slice(0, 10);
