/**
 * Text the databases cannot store: PostgreSQL refuses NUL in text and jsonb, and a lone UTF-16 surrogate
 * has no UTF-8 encoding (ClickHouse and PostgreSQL fail the whole statement).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- as above
const UNSTORABLE_ALL = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);

/** The text with each NUL and lone surrogate replaced by U+FFFD (for data that is kept, not refused). */
export const toStorableText = (value: string): string => value.replace(UNSTORABLE_ALL, '\uFFFD');

/** `value` with every string (and object key) in it made storable; other values as they are. */
export function toStorableValue<T>(value: T): T {
  if (typeof value === 'string') return toStorableText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => toStorableValue(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [toStorableText(key), toStorableValue(item)]),
    ) as T;
  }
  return value;
}
