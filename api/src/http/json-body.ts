import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies are parsed by Fastify's own parser (prototype-poisoning safe) from the raw text, which is
 * kept on `request.rawBody` for the signature check. Plugins may still register their own parser for a
 * route scope (the Stripe webhook reads a raw Buffer).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = typeof body === 'string' ? body : body.toString('utf8');
    parseJson(request, request.rawBody, done);
  });
}
