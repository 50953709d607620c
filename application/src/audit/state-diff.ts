/**
 * The difference between two states of an aggregate, as a flat list of changed leaves: what an auditor
 * reads to see what happened between two points of a stream. States are the plain JSON values the
 * deciders' evolve functions build.
 *
 * Paths are dotted (`tasks.items`). Arrays of objects that carry an identity (`id`, `taskId`, `goalId`,
 * `seriesId`) are matched by it and shown as `[id]` (`tasks.items[t-1].status`), so adding a task reads as
 * one addition, not as every later task shifting by one; other arrays are compared by index (`[0]`).
 */
export type StateChange =
  | { readonly kind: 'added'; readonly path: string; readonly after: unknown }
  | { readonly kind: 'removed'; readonly path: string; readonly before: unknown }
  | { readonly kind: 'changed'; readonly path: string; readonly before: unknown; readonly after: unknown };

const IDENTITY_KEYS = ['id', 'taskId', 'goalId', 'seriesId'] as const;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const join = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

/** The identity key every element of the array has (a string, unique), or null. */
function identityKeyOf(...arrays: readonly unknown[][]): string | null {
  const elements = arrays.flat();
  if (elements.length === 0) return null;
  for (const key of IDENTITY_KEYS) {
    if (!elements.every((element) => isObject(element) && typeof element[key] === 'string')) continue;
    const unique = arrays.every(
      (array) => new Set(array.map((element) => (element as Json)[key])).size === array.length,
    );
    if (unique) return key;
  }
  return null;
}

function diffArrays(before: unknown[], after: unknown[], path: string, out: StateChange[]): void {
  const key = identityKeyOf(before, after);
  if (key === null) {
    for (let index = 0; index < Math.max(before.length, after.length); index += 1) {
      const at = `${path}[${index}]`;
      if (index >= after.length) out.push({ kind: 'removed', path: at, before: before[index] });
      else if (index >= before.length) out.push({ kind: 'added', path: at, after: after[index] });
      else diffValues(before[index], after[index], at, out);
    }
    return;
  }
  const idOf = (element: unknown) => String((element as Json)[key]);
  const afterById = new Map(after.map((element) => [idOf(element), element]));
  const beforeIds = new Set(before.map(idOf));
  for (const element of before) {
    const at = `${path}[${idOf(element)}]`;
    const next = afterById.get(idOf(element));
    if (next === undefined) out.push({ kind: 'removed', path: at, before: element });
    else diffValues(element, next, at, out);
  }
  for (const element of after) {
    if (!beforeIds.has(idOf(element))) out.push({ kind: 'added', path: `${path}[${idOf(element)}]`, after: element });
  }
}

function diffValues(before: unknown, after: unknown, path: string, out: StateChange[]): void {
  if (Object.is(before, after)) return;
  if (isObject(before) && isObject(after)) {
    for (const key of Object.keys(before)) {
      if (!(key in after) || after[key] === undefined) {
        if (before[key] !== undefined) out.push({ kind: 'removed', path: join(path, key), before: before[key] });
      } else diffValues(before[key], after[key], join(path, key), out);
    }
    for (const key of Object.keys(after)) {
      if ((!(key in before) || before[key] === undefined) && after[key] !== undefined) {
        out.push({ kind: 'added', path: join(path, key), after: after[key] });
      }
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    diffArrays(before, after, path, out);
    return;
  }
  if (before === null || before === undefined) {
    out.push({ kind: 'added', path, after });
    return;
  }
  if (after === null || after === undefined) {
    out.push({ kind: 'removed', path, before });
    return;
  }
  out.push({ kind: 'changed', path, before, after });
}

/** Every changed leaf from `before` to `after` (empty when they are equal); `''` is the whole state. */
export function diffStates(before: unknown, after: unknown): StateChange[] {
  const out: StateChange[] = [];
  diffValues(before, after, '', out);
  return out;
}
