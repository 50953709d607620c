import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebApp, webDistDir } from './static-web';

describe('serving the built web app', () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'stride-web-dist-'));
    await writeFile(path.join(root, 'index.html'), '<p>app shell</p>');
    await mkdir(path.join(root, 'pricing'));
    await writeFile(path.join(root, 'pricing', 'index.html'), '<p>pre-rendered pricing</p>');
    await mkdir(path.join(root, 'assets'));
    await writeFile(path.join(root, 'assets', 'index-1.js'), 'export const built = 1;');
    await writeFile(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = Fastify();
    expect(await serveWebApp(app, root)).toBe(true);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  it('finds the build beside the workspaces', () => {
    expect(webDistDir.endsWith(`${path.sep}web${path.sep}dist`)).toBe(true);
    expect(path.dirname(path.dirname(webDistDir))).toBe(path.resolve(import.meta.dirname, '..', '..'));
  });

  it('given a pre-rendered public page, when requested with or without a slash or query, then that page', async () => {
    for (const url of ['/pricing', '/pricing/', '/pricing?plan=pro']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('pre-rendered pricing');
    }
  });

  it('given any other path, then the app shell (the client router decides); never a file outside the build', async () => {
    for (const url of ['/daily', '/goals/abc', '/..%2f..%2fetc/passwd']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body).toContain('app shell');
    }
    expect((await app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
  });

  it('given a file the build holds, then that file, cached for a year under assets/', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-1.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it("given a file that is not in the build (an old deploy's asset), then a 404, never the app page", async () => {
    for (const url of ['/assets/index-0.js', '/assets/index-0.js?v=1', '/robots.txt', '/pricing.old']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('app shell');
    }
    // One that cannot be decoded is refused before routing (Fastify's 400), not answered with the app page.
    expect((await app.inject({ method: 'GET', url: '/%E0%A4%A.js' })).statusCode).toBe(400);
  });

  it("given /favicon.ico (asked for by pages that name no icon), then a redirect to the build's SVG icon", async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/favicon.svg');
    expect((await app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it('given a file written after start-up (a rebuild under a running server), then that file', async () => {
    await writeFile(path.join(root, 'assets', 'index-2.js'), 'export const built = 2;');
    const response = await app.inject({ method: 'GET', url: '/assets/index-2.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('built = 2');
  });

  it('given a file path that leaves the build, then a 404', async () => {
    for (const url of ['/..%2f..%2fetc%2fhostname.txt', '/assets/..%2f..%2f..%2fetc%2fos-release.d']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
