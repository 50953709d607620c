import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Serves the built web app at '/': hashed assets cached for a year; a public page pre-rendered at build time
 * (`/pricing` -> `pricing/index.html`) as its own HTML, so it paints before the app loads; every other
 * non-API path answered with index.html so the client router decides (deep links, reloads). Returns false
 * when there is no build.
 */
/** A page path made of plain segments only (no dots, so never outside the build directory). */
const PAGE_PATH = /^(\/[a-z0-9-]+)+$/;

export async function serveWebApp(app: FastifyInstance, root = webDistDir): Promise<boolean> {
  if (!existsSync(`${root}/index.html`)) return false;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    setHeaders: (res, filePath) => {
      res.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply
        .code(404)
        .send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'not_found' });
    }
    const pagePath = request.url.split('?')[0]!.replace(/\/+$/, '');
    const prerendered = PAGE_PATH.test(pagePath) ? `${pagePath.slice(1)}/index.html` : null;
    const file = prerendered && existsSync(path.join(root, prerendered)) ? prerendered : 'index.html';
    return reply.type('text/html').sendFile(file);
  });
  return true;
}
