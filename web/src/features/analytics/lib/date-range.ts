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

/** UTC calendar day (the metrics are per UTC day). */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

export function lastDays(days: number, today = new Date()): DateRange {
  return { start: isoDay(new Date(today.getTime() - (days - 1) * DAY_MS)), end: isoDay(today) };
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
