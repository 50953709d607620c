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
    for (const url of ['/daily', '/goals/abc', '/..%2f..%2fetc/passwd', '/pricing.old']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body).toContain('app shell');
    }
    expect((await app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
  });
});
