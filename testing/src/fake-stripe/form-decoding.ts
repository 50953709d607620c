/**
 * Decodes Stripe's request encoding: `application/x-www-form-urlencoded` with bracketed keys
 * (`metadata[userId]=u1`, `line_items[0][price]=price_1`, `expand[]=line_items`) into nested values.
 * Numeric and empty brackets make arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
type FormObject = { [key: string]: FormValue };

const keyPath = (key: string): string[] => {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const head = key.slice(0, first);
  const rest = [...key.slice(first).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? '');
  return [head, ...rest];
};

const isIndex = (segment: string): boolean => segment === '' || /^\d+$/.test(segment);

const assign = (target: FormObject | FormValue[], path: string[], value: string): void => {
  const [segment, ...rest] = path;
  if (segment === undefined) return;
  const container = target as Record<string, FormValue>;
  const slot = Array.isArray(target) && segment === '' ? String(target.length) : segment;
  if (rest.length === 0) {
    container[slot] = value;
    return;
  }
  const existing = container[slot];
  const child: FormObject | FormValue[] = typeof existing === 'object' ? existing : isIndex(rest[0] ?? '') ? [] : {};
  container[slot] = child;
  assign(child, rest, value);
};

/** Turns array-like objects (keys 0..n) left by sparse indices into arrays, recursively. */
const normalise = (value: FormValue): FormValue => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(normalise);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normalise(item)]));
};

export function decodeStripeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) assign(root, keyPath(key), value);
  return normalise(root) as FormObject;
}
