/**
 * Values for ClickHouse query parameters. `{at:DateTime64(3, 'UTC')}` reads 'YYYY-MM-DD hh:mm:ss.sss' (UTC);
 * `{day:Date}` reads 'YYYY-MM-DD'.
 */
export function chDateTime(instant: Date | number | string): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${String(instant)}`);
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/** The UTC calendar day (YYYY-MM-DD) of an instant. */
export const utcDate = (instant: Date | number | string): string =>
  (instant instanceof Date ? instant : new Date(instant)).toISOString().slice(0, 10);
