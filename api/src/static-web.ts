import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Serves the built web app at '/': hashed assets cached for a year; a public page pre-rendered at build time
 * (`/pricing` -> `pricing/index.html`) as its own HTML, so it paints before the app loads; a path naming a
 * file (`/assets/index-3f2a.js`) that the build does not hold is a 404, never the app page (a tab left open
 * across a deploy asks for hashed assets that are gone: as HTML they fail as "not a JavaScript MIME type",
 * as a 404 they say what happened); every other non-API path answered with index.html so the client router
 * decides (deep links, reloads). Returns false when there is no build.
 */
/** A page path made of plain segments only (no dots, so never outside the build directory). */
const PAGE_PATH = /^(\/[a-z0-9-]+)+$/;
/** A path whose last segment has an extension names a file: no page of the app's has a dot in its path. */
const FILE_PATH = /\.[A-Za-z0-9]+$/;

/**
 * The build's file a path names, relative to `root`, or null: one written after start-up (a rebuild under a
 * running server) is found too, since the static routes are made for the files there at start-up. The path
 * is normalised as an absolute one, which never climbs above `/`, so it stays inside the build; one that
 * cannot be decoded, or names no file (a NUL byte makes the stat throw), names nothing.
 */
function builtFile(root: string, urlPath: string): string | null {
  try {
    const relative = path.posix.normalize(decodeURIComponent(urlPath)).replace(/^\/+/, '');
    return statSync(path.join(root, relative)).isFile() ? relative : null;
  } catch {
    return null;
  }
}

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
    if (FILE_PATH.test(pagePath)) {
      // Browsers ask for /favicon.ico on any page that names no icon (and crawlers always): the build's is SVG.
      if (pagePath === '/favicon.ico' && builtFile(root, '/favicon.svg')) return reply.redirect('/favicon.svg', 301);
      const file = builtFile(root, pagePath);
      if (file) return reply.sendFile(file);
      return reply.code(404).type('text/plain; charset=utf-8').send(`${pagePath} is not part of this build`);
    }
    const prerendered = PAGE_PATH.test(pagePath) ? `${pagePath.slice(1)}/index.html` : null;
    const file = prerendered && existsSync(path.join(root, prerendered)) ? prerendered : 'index.html';
    return reply.type('text/html').sendFile(file);
  });
  return true;
}
