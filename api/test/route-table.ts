import type { FastifyInstance, RouteOptions } from 'fastify';
import fc from 'fast-check';
import type { z } from 'zod';
import { buildApp } from '../src/app';
import { routePlugins } from '../src/routes/route-plugins';
import type { TestApp } from './test-app';

export interface RouteEntry {
  readonly method: string;
  readonly url: string;
  readonly body?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly params?: z.ZodType;
}

/**
 * The app exactly as production builds it (buildApp over the same services), with every route recorded as
 * it is registered: method, URL pattern and its zod schemas. Suites walk this table, so a new route is
 * covered without being listed.
 */
export async function appWithRouteTable(t: TestApp): Promise<{ app: FastifyInstance; routes: RouteEntry[] }> {
  const routes: RouteEntry[] = [];
  const record = (options: RouteOptions) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    const schema = (options.schema ?? {}) as Record<string, z.ZodType | undefined>;
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({
        method,
        url: options.url,
        ...(schema.body && { body: schema.body }),
        ...(schema.querystring && { querystring: schema.querystring }),
        ...(schema.params && { params: schema.params }),
      });
    }
  };
  const app = await buildApp(t.services, {
    routes: routePlugins.map((route) => ({
      ...route,
      plugin: async (instance, options) => {
        instance.addHook('onRoute', record);
        await route.plugin(instance, options);
      },
    })),
  });
  await app.ready();
  return { app, routes: routes.filter((route) => route.url.startsWith('/api')) };
}

/** Strings a hostile client sends: unstorable text, injections, traversal, huge, look-alike dates and URLs. */
export const hostileString = (ids: readonly string[] = []): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.constantFrom(
      '',
      ' ',
      'nul\u0000x',
      'lone \ud800',
      '\udc00first',
      "' OR 1=1 --",
      '<script>alert(1)</script>',
      '../../etc/passwd',
      '2026-02-30',
      '0000-00-00',
      '/\\evil.example/x',
      '/\t/evil.example/x',
      'https://evil.example',
      '__proto__',
      'constructor',
      'x'.repeat(5_000),
      '9'.repeat(40),
      '-1',
      'NaN',
      ...ids,
    ),
  );

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def | null => {
  const zod = (schema as { _zod?: { def?: Def } } | null)?._zod;
  return zod?.def ?? null;
};

/**
 * An arbitrary derived from a zod schema (objects, strings, numbers, enums, literals, arrays, records, unions,
 * optional / nullable / default wrappers): mostly well-shaped values whose leaves are hostile, and sometimes
 * anything at all, so both the validator and what lies behind it are exercised.
 */
export function arbitraryOf(schema: unknown, ids: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const anything = fc.oneof(fc.constant(null), fc.integer(), fc.boolean(), hostileString(ids), fc.constant({}));
  if (!def || depth > 4) return anything;
  const shaped = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'object': {
        const shape = def.shape as Record<string, unknown>;
        const entries = Object.fromEntries(
          Object.entries(shape).map(([key, inner]) => [key, arbitraryOf(inner, ids, depth + 1)]),
        );
        return fc.record(entries, { requiredKeys: [] });
      }
      case 'string':
        return hostileString(ids);
      case 'number':
      case 'int':
        return fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 0, 2 ** 53, 1e308));
      case 'boolean':
        return fc.boolean();
      case 'enum':
        return fc.oneof(fc.constantFrom(...Object.values(def.entries as Record<string, string>)), hostileString(ids));
      case 'literal':
        return fc.constantFrom(...(def.values as unknown[]));
      case 'array':
        return fc.array(arbitraryOf(def.element, ids, depth + 1), { maxLength: 3 });
      case 'record':
        return fc.dictionary(hostileString(ids), arbitraryOf(def.valueType, ids, depth + 1), { maxKeys: 3 });
      case 'union':
        return fc.oneof(...(def.options as unknown[]).map((option) => arbitraryOf(option, ids, depth + 1)));
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return fc.oneof(arbitraryOf(def.innerType, ids, depth + 1), fc.constant(undefined), fc.constant(null));
      case 'pipe':
        return arbitraryOf(def.in, ids, depth + 1);
      default:
        return anything;
    }
  })();
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: anything });
}

/** A path segment: hostile text, percent-encoded (a lone surrogate has no UTF-8, so it goes as raw bytes). */
export const pathSegment = (ids: readonly string[]): fc.Arbitrary<string> =>
  hostileString(ids).map((value) => {
    if (value === '') return '%20';
    try {
      return encodeURIComponent(value);
    } catch {
      return '%ED%A0%80';
    }
  });

/** Fills `:name` segments of a route pattern. */
export const fillPath = (url: string, segments: Readonly<Record<string, string>>, fallback: string): string =>
  url.replace(/:(\w+)/g, (_, name: string) => segments[name] ?? fallback);

/** The 4xx contract: an error message, and a 400 names what failed (a field, a header or the body). */
export function describesClientError(statusCode: number, body: string): string | null {
  let parsed: { error?: unknown; details?: { field?: unknown; header?: unknown } };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return statusCode === 404 || statusCode === 405
      ? null
      : `a ${statusCode} without a JSON body: ${body.slice(0, 200)}`;
  }
  if (typeof parsed.error !== 'string') return `a ${statusCode} without an error message: ${body.slice(0, 200)}`;
  if (statusCode === 400) {
    const named = parsed.details?.field ?? parsed.details?.header;
    if (typeof named !== 'string' || named === '') return `a 400 that names no field: ${body.slice(0, 300)}`;
  }
  return null;
}

/**
 * One plausible value for a zod schema, with every id-like field (by name) set from `idFor`: the body a
 * client would send to act on those ids.
 */
export function sampleWithIds(schema: unknown, idFor: (key: string) => string | undefined, key = ''): unknown {
  const def = defOf(schema);
  if (!def) return undefined;
  const id = idFor(key);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, unknown>)
          .map(([name, inner]) => [name, sampleWithIds(inner, idFor, name)])
          .filter(([, value]) => value !== undefined),
      );
    case 'string':
      return id ?? (key.toLowerCase().includes('email') ? 'attacker@example.com' : 'x');
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, string>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array': {
      const item = sampleWithIds(def.element, idFor, key);
      return item === undefined ? [] : [item];
    }
    case 'record':
      return {};
    case 'union':
      return sampleWithIds((def.options as unknown[])[0], idFor, key);
    case 'optional':
    case 'nullable':
      return id !== undefined || key === '' ? sampleWithIds(def.innerType, idFor, key) : undefined;
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sampleWithIds(def.innerType, idFor, key);
    case 'pipe':
      return sampleWithIds(def.in, idFor, key);
    default:
      return id;
  }
}
