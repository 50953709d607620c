/// <reference types="node" />
/**
 * What every browser journey needs: the built web app served by the real API (embedded defaults,
 * AUTH_MODE=dev, a fresh DATA_DIR) on a free port, Debian's chromium driven by playwright-core, and
 * helpers for screenshots (1280x800 and 390x844 into artifacts/screenshots/; no page may scroll sideways
 * at 390 or 320 px), text polling and the browser's console errors and HTTP answers.
 */
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { bundleNodeArgs } from '../../../scripts/build-server.mjs';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const screenshotDir = path.join(repoRoot, 'artifacts', 'screenshots');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** The narrowest phone screens still in use (iPhone SE, first generation; small Android phones). */
export const SMALLEST_PHONE = { width: 320, height: 640 };

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function freePort(): Promise<number> {
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

const MIME: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.html': 'text/html',
  '.png': 'image/png',
};

/**
 * E2E_WEB=proxy: a small front server serves web/dist itself and forwards /api to the API (for when the
 * API's own static serving is unavailable). The default, E2E_WEB=api, uses the API's port for both.
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
    if (existsSync(path.join(file, 'index.html'))) file = path.join(file, 'index.html');
    if (!file.startsWith(dist) || !existsSync(file) || pathname === '/' || file.endsWith(path.sep))
      file = path.join(dist, 'index.html');
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => front.listen(port, '127.0.0.1', () => resolve(front)));
}

export interface Stride {
  readonly baseUrl: string;
  readonly browser: Browser;
  /** The API's output so far (for failure messages). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Builds web/dist if missing, starts the API on a free port with a fresh data directory (and any extra
 * environment), launches chromium.
 */
export async function startStride(env: Readonly<Record<string, string>> = {}): Promise<Stride> {
  await mkdir(screenshotDir, { recursive: true });
  if (!existsSync(path.join(repoRoot, 'web', 'dist', 'index.html'))) {
    // A production build, as `npm run build` makes it: under vitest NODE_ENV is 'test', which would give
    // React's development bundle (over the first-load budget, and not what users get).
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('npm run build -w web failed');
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);

  const port = await freePort();
  const viaProxy = process.env.E2E_WEB === 'proxy';
  const frontPort = viaProxy ? await freePort() : port;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stride-e2e-'));
  const apiUrl = `http://127.0.0.1:${port}`;
  const baseUrl = `http://127.0.0.1:${frontPort}`;
  let serverLog = '';
  // The product as `npm start` runs it: the bundle the tests' global set-up built.
  const server: ChildProcess = spawn(process.execPath, bundleNodeArgs('main'), {
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
  let last: string;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`API exited with ${server.exitCode}:\n${serverLog.slice(-4000)}`);
    try {
      const response = await fetch(`${apiUrl}/api/health`);
      if (response.status === 200) break;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) throw new Error(`API not healthy after 240 s (${last}):\n${serverLog.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const frontServer = viaProxy ? await startFrontServer(port, frontPort) : null;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

  return {
    baseUrl,
    browser,
    log: () => serverLog,
    async stop() {
      await new Promise<void>((resolve) => (frontServer ? frontServer.close(() => resolve()) : resolve()));
      await browser.close().catch(() => undefined);
      if (server.pid) {
        try {
          process.kill(-server.pid, 'SIGTERM');
        } catch {
          /* already gone */
        }
        await new Promise((r) => setTimeout(r, 1000));
        try {
          process.kill(-server.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
      await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
    },
  };
}

export interface Tab {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and uncaught exceptions. */
  readonly consoleErrors: string[];
  /** 'STATUS METHOD /path' of every 4xx and 5xx answer the page saw. */
  readonly failedResponses: string[];
}

/** A fresh browser context (its own storage) with one page at desktop size, recording errors and failures. */
export async function openTab(stride: Stride, options: { timezoneId?: string } = {}): Promise<Tab> {
  const context = await stride.browser.newContext({
    viewport: DESKTOP,
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: options.timezoneId ?? 'UTC',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const consoleErrors: string[] = [];
  const failedResponses: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      failedResponses.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return { context, page, consoleErrors, failedResponses };
}

/** How many pixels the page is wider than its viewport (it scrolls sideways by that much). */
const sidewaysScroll = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Fails when the page, at this screen's width, is wider than the screen (something that does not wrap
 * makes the whole page scroll sideways). The viewport goes back to desktop after.
 */
export async function expectFits(page: Page, screen: { width: number; height: number }, name = ''): Promise<void> {
  await page.setViewportSize(screen);
  await page.waitForTimeout(150);
  const over = await sidewaysScroll(page);
  const culprits = over > 0 ? await elementsPastTheEdge(page) : [];
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
  if (over > 0) {
    throw new Error(
      `${name}: the page is ${over}px wider than a ${screen.width}px phone screen; past its edge: ${culprits.join('; ')}`,
    );
  }
}

/** The innermost elements that reach past the viewport's right edge (tag.class "text", at most five). */
const elementsPastTheEdge = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const edge = document.documentElement.clientWidth + 0.5;
    const past = (element: Element) => element.getBoundingClientRect().right > edge;
    return Array.from(document.querySelectorAll('body *'))
      .filter((element) => past(element) && !Array.from(element.children).some(past))
      .slice(0, 5)
      .map((element) => {
        const classes = typeof element.className === 'string' ? element.className.trim().replace(/\s+/g, '.') : '';
        const text = (element.textContent ?? '').trim().slice(0, 30);
        return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text}"`;
      });
  });

/**
 * Full-page screenshots at desktop and phone widths; the viewport goes back to desktop after. Fails when the
 * page is wider than the phone's screen or than the smallest phones' (320 px, no screenshot): `expectFits`.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  // Full-page captures draw the sticky header where the page is scrolled to: start from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(350); // the 200 ms page fade and any toast entrance
  await page.screenshot({ path: path.join(screenshotDir, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(screenshotDir, `${name}-phone.png`), fullPage: true });
  await expectFits(page, PHONE, name);
  await expectFits(page, SMALLEST_PHONE, name);
}

/** The page's first contentful paint (ms since navigation), once the browser has recorded it. */
export async function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const entry = performance.getEntriesByName('first-contentful-paint')[0];
        if (entry) return resolve(entry.startTime);
        new PerformanceObserver((list) => {
          const fcp = list.getEntriesByName('first-contentful-paint')[0];
          if (fcp) resolve(fcp.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

/**
 * Holds every GET matching `pattern` (a page.route glob) until `release`: what the page shows meanwhile is
 * its own doing, not a read's answer. `held()` counts the reads waiting.
 */
export async function holdReads(
  page: Page,
  pattern: string,
): Promise<{ held: () => number; release: () => Promise<void> }> {
  const waiting: Array<() => Promise<void>> = [];
  let holding = true;
  await page.route(pattern, (route) =>
    holding && route.request().method() === 'GET'
      ? new Promise<void>((resolve) => waiting.push(() => route.continue().then(resolve)))
      : route.continue(),
  );
  return {
    held: () => waiting.length,
    release: async () => {
      holding = false;
      for (const continueRead of waiting.splice(0)) await continueRead();
      await page.unroute(pattern);
    },
  };
}

/** Polls until the element's text contains the expected text. */
export async function expectText(locator: Locator, expected: string | RegExp): Promise<void> {
  await expect
    .poll(async () => (await locator.first().textContent()) ?? '', { timeout: 20_000 })
    .toMatch(typeof expected === 'string' ? new RegExp(expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : expected);
}

export async function openAccountMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menu').waitFor();
}

/** Dev sign-in (or sign-up) through the form; the account is created on first use. */
export async function signInWithForm(page: Page, email: string, name: string, submit = 'Sign in'): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: submit }).click();
}

/** Signs in through the dev sign-in page. */
export async function signIn(page: Page, baseUrl: string, email: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`);
  await signInWithForm(page, email, name);
  await page.waitForURL(/\/(daily|onboarding|complete-setup)/);
}

/**
 * One product for a journey that signs several users in: every page it opens is a fresh browser context
 * (one user), and the console errors and 5xx answers of all of them are collected in one place.
 */
export interface Product {
  readonly baseUrl: string;
  newPage(): Promise<Page>;
  readonly consoleErrors: string[];
  /** 'STATUS METHOD /path' of every 5xx answer any page saw. */
  readonly serverErrors: string[];
  log(): string;
  close(): Promise<void>;
}

export async function startProduct(env: Readonly<Record<string, string>> = {}): Promise<Product> {
  const stride = await startStride(env);
  const tabs: Tab[] = [];
  const consoleErrors: string[] = [];
  const serverErrors: string[] = [];
  return {
    baseUrl: stride.baseUrl,
    consoleErrors,
    serverErrors,
    log: () => stride.log(),
    async newPage() {
      const tab = await openTab(stride);
      tabs.push(tab);
      tab.page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      tab.page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
      tab.page.on('response', (response) => {
        if (response.status() >= 500)
          serverErrors.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
      });
      return tab.page;
    },
    async close() {
      for (const tab of tabs) await tab.context.close().catch(() => undefined);
      await stride.stop();
    },
  };
}

/**
 * Calls the API as a user (dev sign-in token; the user is made to exist), to give them data without
 * driving every form. Returns a POST helper that throws on any answer of 300 or more.
 */
export async function apiAs(product: Pick<Product, 'baseUrl'>, who: { email: string; name: string }) {
  const signedIn = await fetch(`${product.baseUrl}/api/dev/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  const { token } = (await signedIn.json()) as { token: string };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${product.baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  await post('/user/ensure-user-exists', who);
  return post;
}
