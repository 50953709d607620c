/**
 * Timestamps in read-model rows are ISO instants with milliseconds in UTC (`Date#toISOString`), the form
 * the tables store (`instant` columns) and the API serves. Event data may carry any valid ISO instant
 * (another offset, no milliseconds); rows normalise it.
 */
export const isoInstant = (value: string): string => {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new RangeError(`'${value}' is not an ISO instant`);
  return new Date(time).toISOString();
};

export const isoInstantOrNull = (value: string | null | undefined): string | null =>
  value === null || value === undefined ? null : isoInstant(value);
