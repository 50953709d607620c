import { addDays, localDateOf } from '@stride/domain/dates/local-date';
import { formatDate } from '../../../lib/format';
export interface DateRange {
  /** YYYY-MM-DD, inclusive. */
  readonly start: string;
  readonly end: string;
}

export const RANGE_PRESETS = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
] as const;

const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant (calendar arithmetic on YYYY-MM-DD strings goes through UTC midnights). */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The last `days` days up to the user's today (the metrics are per day of the user's time zone). */
export function lastDays(days: number, timeZone: string, now = new Date()): DateRange {
  const end = localDateOf(now, timeZone);
  return { start: addDays(end, 1 - days), end };
}

/** Every day of the range, in order. */
export function daysOf(range: DateRange): string[] {
  const out: string[] = [];
  const start = Date.parse(`${range.start}T00:00:00Z`);
  const end = Date.parse(`${range.end}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return out;
  for (let t = start; t <= end && out.length < 400; t += DAY_MS) out.push(isoDay(new Date(t)));
  return out;
}

export function isValidRange(range: DateRange): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(range.start) && /^\d{4}-\d{2}-\d{2}$/.test(range.end) && range.start <= range.end;
}

/** The user's day an account was created on (the first day any metric can exist); null when unknown. */
export function accountStartDay(createdAt: string | null | undefined, timeZone: string): string | null {
  if (!createdAt) return null;
  const time = Date.parse(createdAt);
  return Number.isNaN(time) ? null : localDateOf(new Date(time), timeZone);
}

export type RangeCheck =
  | { readonly ok: true; readonly range: DateRange; readonly clipped: boolean }
  | { readonly ok: false; readonly reason: 'from-after-to' | 'before-account' | 'invalid'; readonly message: string };

/**
 * The range the charts may draw: From after To is refused with a message, and days before the account
 * existed are cut off (charts and averages never count days on which the user could not have been active).
 */
export function checkRange(range: DateRange, createdAt: string | null | undefined, timeZone: string): RangeCheck {
  const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
  if (!dayPattern.test(range.start) || !dayPattern.test(range.end))
    return { ok: false, reason: 'invalid', message: 'Pick both a From and a To date.' };
  if (range.start > range.end)
    return {
      ok: false,
      reason: 'from-after-to',
      message: `The From date (${formatDate(range.start)}) is after the To date (${formatDate(range.end)}). Pick a From date on or before the To date.`,
    };
  const first = accountStartDay(createdAt, timeZone);
  if (first && range.end < first)
    return {
      ok: false,
      reason: 'before-account',
      message: `Your account was created on ${formatDate(first)}. Pick dates from then on.`,
    };
  if (first && range.start < first) return { ok: true, range: { start: first, end: range.end }, clipped: true };
  return { ok: true, range, clipped: false };
}
