import type { FastifyInstance } from 'fastify';
import { DomainError } from '@stride/domain/shared/domain-error';
import { isStorableText, toStorableText } from '@stride/domain/shared/storable-text';

/** Records to walk: JSON objects, and the params and query objects (find-my-way builds params from a class). */
const isRecord = (value: object): boolean => !ArrayBuffer.isView(value) && !(value instanceof Date);

/**
 * The dotted path of the first string (value or key) in `value` that cannot be stored, or null. Walks
 * objects and arrays only (a Buffer body, such as the Stripe webhook's, is left to its route). Depth is bounded
 * by the JSON parser's nesting limit (json-body.ts).
 */
export function firstUnstorableField(value: unknown, path: readonly string[] = []): string[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : [...path];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstUnstorableField(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, toStorableText(key)];
      const found = firstUnstorableField(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Every request's path ids, query and JSON body are checked before validation: a NUL or a lone surrogate
 * anywhere is a 400 naming the field (`details.field`, dotted as zod's, and `details.location`), never a 500
 * from the database. The same check holds for every route, including ones whose body schema is open.
 */
export function registerStorableTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const;
    for (const [location, value] of parts) {
      const path = firstUnstorableField(value);
      if (path) {
        const field = path.join('.') || location;
        throw new DomainError('validation', `${field}: text must not contain NUL characters or lone surrogates`, {
          field,
          location,
        });
      }
    }
  });
}
