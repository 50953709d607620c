/// <reference types="node" />
/**
 * Starting the product for a browser test, as journey.e2e.test.ts does (the API with embedded defaults and
 * AUTH_MODE=dev serving the built web app, Debian's chromium driven by playwright-core), in reusable form:
 * extra environment, several browser contexts (one per user), screenshots at desktop and phone widths.
 */
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const screenshotDir = path.join(repoRoot, 'artifacts', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

const MIME: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.html': 'text/html',
  '.png': 'image/png',
};

/**
 * A small front server that serves web/dist itself and forwards /api to the API (journey's E2E_WEB=proxy
 * mode), so the test does not depend on where the API process looks for the built app.
 */
function startFrontServer(apiPort: number, port: number): Promise<Server> {
  const dist = path.join(repoRoot, 'web', 'dist');
  const front = createHttpServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/')) {
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port: apiPort,
          path: url,
          method: req.method,
          headers: { ...req.headers, host: `127.0.0.1:${apiPort}` },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    const pathname = decodeURIComponent(url.split('?')[0] ?? '/');
    let file = path.join(dist, pathname);
    if (!file.startsWith(dist) || !existsSync(file) || pathname === '/' || pathname.endsWith('/'))
      file = path.join(dist, 'index.html');
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => front.listen(port, '127.0.0.1', () => resolve(front)));
}

export interface Product {
  readonly baseUrl: string;
  /** A fresh browser context (its own storage: one user) with a page; errors are collected. */
  newPage(): Promise<Page>;
  readonly consoleErrors: string[];
  readonly serverErrors: string[];
  log(): string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startProduct(env: Readonly<Record<string, string>> = {}): Promise<Product> {
  await mkdir(screenshotDir, { recursive: true });
  if (!existsSync(path.join(repoRoot, 'web', 'dist', 'index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build -w web failed');
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);

  const port = await freePort();
  const frontPort = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stride-e2e-'));
  const apiUrl = `http://127.0.0.1:${port}`;
  const baseUrl = `http://127.0.0.1:${frontPort}`;
  let serverLog = '';
  const server: ChildProcess = spawn('npx', ['tsx', 'api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      AUTH_MODE: 'dev',
      NODE_ENV: 'production',
      ALLOW_DEV_MODE_IN_PRODUCTION: 'true',
      ENCRYPTION_MASTER_KEY: randomBytes(32).toString('base64'),
      PUBLIC_URL: baseUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));

  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`API exited with ${server.exitCode}:\n${serverLog.slice(-4000)}`);
    const healthy = await fetch(`${apiUrl}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`API not healthy after 240 s:\n${serverLog.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }

  const front = await startFrontServer(port, frontPort);
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const contexts: BrowserContext[] = [];
  const consoleErrors: string[] = [];
  const serverErrors: string[] = [];

  return {
    baseUrl,
    consoleErrors,
    serverErrors,
    log: () => serverLog,
    async newPage() {
      const context = await browser.newContext({
        viewport: DESKTOP,
        deviceScaleFactor: 1,
        locale: 'en-US',
        timezoneId: 'UTC',
        acceptDownloads: true,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 500)
          serverErrors.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
      });
      return page;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await new Promise<void>((resolve) => front.close(() => resolve()));
      if (server.pid) {
        for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
          try {
            process.kill(-server.pid, signal);
          } catch {
            /* already gone */
          }
          if (signal === 'SIGTERM') await new Promise((r) => setTimeout(r, 1000));
        }
      }
      await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
    },
  };
}

/** Full-page screenshots at desktop and phone widths; the viewport goes back to desktop after. */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(350); // the 200 ms page fade and any toast entrance
  await page.screenshot({ path: path.join(screenshotDir, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(screenshotDir, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
}

/** Polls until the element's text contains the expected text. */
export async function expectText(locator: Locator, expected: string | RegExp): Promise<void> {
  await expect
    .poll(async () => (await locator.first().textContent()) ?? '', { timeout: 20_000 })
    .toMatch(typeof expected === 'string' ? new RegExp(expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : expected);
}

/** Signs in through the dev sign-in page. */
export async function signIn(page: Page, baseUrl: string, email: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/(daily|onboarding|complete-setup)/);
}
