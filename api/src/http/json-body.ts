import type { FastifyInstance } from 'fastify';
import { DomainError } from '@stride/domain/shared/domain-error';

/** Deepest nesting of arrays and objects a JSON body may have; no contract comes close. */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of `[` and `{` outside strings, stopping early once past `limit`. Linear, no recursion. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i += 1;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth -= 1;
  }
  return false;
}

/**
 * JSON bodies are parsed by Fastify's own parser (prototype-poisoning safe) from the raw text, which is
 * kept on `request.rawBody` for the signature check. A body nested deeper than MAX_JSON_DEPTH is a 400 before
 * parsing, so nothing downstream (validation, idempotency fingerprints) recurses without bound. Plugins may
 * still register their own parser for a route scope (the Stripe webhook reads a raw Buffer).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(request.rawBody, MAX_JSON_DEPTH)) {
      done(
        new DomainError('validation', `body: JSON nested deeper than ${MAX_JSON_DEPTH} levels`, { field: 'body' }),
        undefined,
      );
      return;
    }
    parseJson(request, request.rawBody, done);
  });
}
