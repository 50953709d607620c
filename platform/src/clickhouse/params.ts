/**
 * Values for ClickHouse query parameters. `{at:DateTime64(3, 'UTC')}` reads 'YYYY-MM-DD hh:mm:ss.sss' (UTC);
 * `{day:Date}` reads 'YYYY-MM-DD'.
 */
export function chDateTime(instant: Date | number | string): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${String(instant)}`);
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

const MS_PER_DAY = 86_400_000;

/** The UTC start of a YYYY-MM-DD day, and of the day after it (a half-open range covering the day). */
export function utcDayRange(date: string): { from: string; to: string } {
  const start = Date.parse(`${date}T00:00:00.000Z`);
  if (Number.isNaN(start)) throw new RangeError(`Not a date: ${date}`);
  return { from: chDateTime(start), to: chDateTime(start + MS_PER_DAY) };
}

/** The UTC calendar day (YYYY-MM-DD) of an instant. */
export const utcDate = (instant: Date | number | string): string =>
  (instant instanceof Date ? instant : new Date(instant)).toISOString().slice(0, 10);
