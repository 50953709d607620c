/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';

interface PrerenderModule {
  readonly PUBLIC_PAGES: readonly { readonly path: string; readonly title: string }[];
  renderPublicPage(path: string): string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * For a first paint without waiting on anything: the stylesheet goes inline (no render-blocking request),
 * and the app's entry script starts after the first frame (its modules still download in parallel through
 * the modulepreload links, but their evaluation no longer delays the paint). The timeout covers tabs
 * opened in the background, where animation frames do not run.
 */
export function paintFirst(html: string, readAsset: (href: string) => string): string {
  const withCss = html.replace(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g, (_tag, href: string) => {
    return `<style>${readAsset(href)}</style>`;
  });
  return withCss.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_tag, src: string) =>
      `<script type="module">var started=false;function start(){if(started)return;started=true;import(${JSON.stringify(src)})}requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,150)</script>`,
  );
}

/** The built index.html with one page's markup, path and title filled in. */
export function fillTemplate(template: string, page: { path: string; title: string }, markup: string): string {
  const withRoot = template.replace(
    '<div id="root"></div>',
    `<div id="prerendered">${markup}</div>\n    <div id="root"></div>`,
  );
  if (withRoot === template) throw new Error('index.html has no <div id="root"></div> to pre-render beside');
  return withRoot
    .replace('<html lang="en">', `<html lang="en" data-prerendered="${page.path}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
}

/** dist/index.html for '/', dist/<path>/index.html for the others (served at '/<path>/' by any static server). */
export const outputFileFor = (outDir: string, pagePath: string) =>
  pagePath === '/' ? path.join(outDir, 'index.html') : path.join(outDir, pagePath.slice(1), 'index.html');

/**
 * After the client build: renders the public pages (src/app/prerender.tsx) with react-dom/server through
 * Vite's SSR loader and writes each as static HTML next to the app, so they paint before any JavaScript.
 * dist/index.html (also the app's fallback for every other path) carries the landing page; the inline
 * script in index.html shows the static copy only on its own path and only without a session.
 */
export function prerenderPublicPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'stride-prerender-public-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const built = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const template = paintFirst(built, (href) => readFileSync(path.join(outDir, href.replace(/^\//, '')), 'utf8'));
      const t0 = Date.now();
      const log = (m: string) =>
        process.env.STRIDE_PRERENDER_DEBUG && console.error(`[prerender +${Date.now() - t0}ms] ${m}`);
      const server = await createServer({
        root: config.root,
        configFile: false,
        logLevel: 'error',
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, watch: null },
        appType: 'custom',
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        log('server');
        const mod = (await server.ssrLoadModule('/src/app/prerender.tsx')) as PrerenderModule;
        for (const page of mod.PUBLIC_PAGES) {
          const file = outputFileFor(outDir, page.path);
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, fillTemplate(template, page, mod.renderPublicPage(page.path)));
        }
        log('rendered');
        config.logger.info(`pre-rendered ${mod.PUBLIC_PAGES.length} public pages`);
      } finally {
        await server.close();
        log('closed');
      }
    },
  };
}
