/// <reference types="node" />
/**
 * The whole product in a real browser: the API (embedded defaults, AUTH_MODE=dev) serves the built web
 * app; Debian's chromium is driven by playwright-core. The journey: sign in, create a goal, break it down
 * with AI, complete a task in the energy view, hit the free limit and see the upgrade dialog, upgrade
 * through the test checkout, open the analytics dashboard, sign out. Screenshots of each main screen at
 * desktop (1280x800) and phone (390x844) widths go to artifacts/screenshots/.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const screenshotDir = path.join(repoRoot, 'artifacts', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let server: ChildProcess | null = null;
let frontServer: Server | null = null;
let serverLog = '';
let dataDir = '';
let baseUrl = '';
let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];
const serverErrors: string[] = [];

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

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (server?.exitCode !== null && server?.exitCode !== undefined)
      throw new Error(`API exited with ${server.exitCode}:\n${serverLog.slice(-4000)}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`API not healthy after ${timeoutMs} ms (${last}):\n${serverLog.slice(-4000)}`);
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
    if (!file.startsWith(dist) || !existsSync(file) || pathname === '/' || pathname.endsWith('/'))
      file = path.join(dist, 'index.html');
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => front.listen(port, '127.0.0.1', () => resolve(front)));
}

/** Full-page screenshots at desktop and phone widths; the viewport goes back to desktop after. */
async function shoot(name: string): Promise<void> {
  // Full-page captures draw the sticky header where the page is scrolled to: start from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(350); // the 200 ms page fade and any toast entrance
  await page.screenshot({ path: path.join(screenshotDir, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(screenshotDir, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
}

async function go(pathname: string): Promise<void> {
  await page.goto(`${baseUrl}${pathname}`);
}

/** Polls until the element's text contains the expected text. */
async function expectText(locator: Locator, expected: string | RegExp): Promise<void> {
  await expect
    .poll(async () => (await locator.first().textContent()) ?? '', { timeout: 20_000 })
    .toMatch(typeof expected === 'string' ? new RegExp(expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : expected);
}

async function openAccountMenu(): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menu').waitFor();
}

beforeAll(async () => {
  await mkdir(screenshotDir, { recursive: true });
  if (!existsSync(path.join(repoRoot, 'web', 'dist', 'index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build -w web failed');
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);

  const port = await freePort();
  const viaProxy = process.env.E2E_WEB === 'proxy';
  const frontPort = viaProxy ? await freePort() : port;
  dataDir = await mkdtemp(path.join(tmpdir(), 'stride-e2e-'));
  const apiUrl = `http://127.0.0.1:${port}`;
  baseUrl = `http://127.0.0.1:${frontPort}`;
  server = spawn('npx', ['tsx', 'api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      AUTH_MODE: 'dev',
      NODE_ENV: 'production',
      PUBLIC_URL: baseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  await waitForHealth(apiUrl, 240_000);
  if (viaProxy) frontServer = await startFrontServer(port, frontPort);

  browser = await chromium.launch({
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
  context = await browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1, locale: 'en-US', timezoneId: 'UTC' });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 500)
      serverErrors.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await new Promise<void>((resolve) => (frontServer ? frontServer.close(() => resolve()) : resolve()));
  await browser?.close().catch(() => undefined);
  if (server?.pid) {
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
  if (dataDir) await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
});

describe('Stride in a browser', () => {
  it('shows the public pages to a signed-out visitor', async () => {
    await go('/?utm_source=newsletter&utm_medium=email&utm_campaign=e2e');
    await expectText(page.getByRole('heading', { level: 1 }), 'Big goals');
    await page.locator('#pricing').getByText('Pro').first().waitFor();
    await shoot('landing');
    await go('/blog');
    await page.getByRole('heading', { name: /Notes on goals/ }).waitFor();
    await shoot('blog');
    await page.getByRole('link', { name: /Plan by energy/ }).click();
    await page.getByRole('heading', { level: 1, name: /Plan by energy/ }).waitFor();
    await shoot('blog-post');
    await go('/about');
    await shoot('about');
    await go('/privacy');
    await shoot('privacy');
    await go('/goals');
    await page.waitForURL(`${baseUrl}/`);
  });

  it('signs in', async () => {
    await go('/sign-in');
    await shoot('sign-in');
    await page.getByLabel('Email').fill('e2e.walker@example.com');
    await page.getByLabel('Name').fill('Jamie Walker');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/daily$/);
    await expectText(page.getByRole('heading', { level: 1 }), 'Jamie');
    await expectText(page.getByTestId('usage-goals'), '0/1');
    await shoot('daily-empty');
  });

  it('creates a goal', async () => {
    await page.getByRole('link', { name: 'Goals', exact: true }).click();
    await page.waitForURL(/\/goals$/);
    await page.getByRole('button', { name: /New goal/ }).click();
    await page.getByLabel('Goal', { exact: true }).fill('Run a half marathon in October');
    await page
      .getByLabel(/Why it matters/)
      .fill('I can train three evenings a week, about 40 minutes each, starting from 5 km.');
    await page.getByLabel('Category').selectOption('health');
    await page.getByLabel('Priority').selectOption('high');
    await shoot('goal-form');
    await page.getByRole('button', { name: 'Create goal' }).click();
    await page.getByRole('heading', { level: 3, name: 'Run a half marathon in October' }).waitFor();
    await page.getByText('Goal created', { exact: true }).waitFor();
    await expectText(page.getByTestId('usage-goals'), '1/1');
    await shoot('goals');
  });

  it('breaks the goal down with AI', async () => {
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL(/\/daily$/);
    await page.getByRole('heading', { level: 2, name: 'Run a half marathon in October' }).waitFor();
    await page.getByRole('button', { name: 'AI breakdown' }).click();
    await page.getByText(/^Added \d+ tasks?$/).waitFor({ timeout: 60_000 });
    const tasks = page.locator('.selected-goal [data-testid="task-item"]');
    await expect.poll(() => tasks.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expectText(page.getByTestId('usage-ai'), '1/3');
    await shoot('daily-with-tasks');
  });

  it('completes a task in the energy view', async () => {
    const energy = page.locator('.energy-view');
    let found = false;
    for (const level of ['Low', 'Medium', 'High']) {
      await energy.getByRole('radio', { name: new RegExp(`^${level} energy`) }).click();
      const first = energy.locator('[data-testid="task-item"]').first();
      try {
        await first.waitFor({ timeout: 5_000 });
        found = true;
        break;
      } catch {
        /* nothing at this level: try the next */
      }
    }
    expect(found).toBe(true);
    await shoot('energy-view');
    const task = energy.locator('[data-testid="task-item"]').first();
    const title = (await task.locator('.task-item__title').textContent()) ?? '';
    await task.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Task started — timer running').waitFor();
    const started = energy.locator('[data-testid="task-item"]', { hasText: title }).first();
    await started.getByRole('button', { name: 'Complete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete task' });
    await dialog.getByLabel('Actual minutes spent').fill('25');
    await shoot('complete-task-dialog');
    await dialog.getByRole('button', { name: 'Complete task' }).click();
    await page.getByText('Task done — nice work!').waitFor();
    const doneInGoal = page.locator('.selected-goal [data-testid="task-item"].task-item--done', { hasText: title });
    await doneInGoal.first().waitFor();
    await expectText(doneInGoal.first(), 'took 25 min');
  });

  it('hits the free goal limit and sees the upgrade dialog', async () => {
    await page.getByRole('link', { name: 'Goals', exact: true }).click();
    await page.getByRole('button', { name: /New goal/ }).click();
    const dialog = page.getByRole('dialog', { name: "You've reached your goal limit" });
    await dialog.waitFor();
    await dialog.getByText('Recommended').waitFor();
    expect(await dialog.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Starter', 'Pro']);
    await dialog.getByText('Cancel anytime • Same great features, just higher limits').waitFor();
    await shoot('upgrade-dialog');
  });

  it('upgrades to Pro through the test checkout', async () => {
    const dialog = page.getByRole('dialog', { name: "You've reached your goal limit" });
    await dialog.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(/\/api\/stripe\/test-checkout\//, { timeout: 30_000 });
    await shoot('test-checkout');
    await page
      .getByRole('button', { name: /pay|complete|subscribe|confirm/i })
      .first()
      .click();
    await page.waitForURL(/\/payment-success\?success=true/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Payment successful!' }).waitFor();
    await page.getByText(/Welcome to/).waitFor({ timeout: 30_000 });
    await expectText(page.getByRole('status').filter({ hasText: 'Welcome to' }), 'Pro');
    await shoot('payment-success');
    await expectText(page.getByTestId('usage-goals'), '/∞');
  });

  it('opens the analytics dashboard from the account menu', async () => {
    await openAccountMenu();
    await shoot('account-menu');
    await page.getByRole('menuitem', { name: /Analytics/ }).click();
    await page.waitForURL(/\/analytics$/);
    await page.getByTestId('analytics-dashboard').waitFor({ timeout: 30_000 });
    await page.locator('.recharts-surface').first().waitFor();
    await shoot('analytics');
  });

  it('shows the other signed-in screens', async () => {
    await go('/completed');
    await page.getByRole('heading', { level: 1, name: 'Completed' }).waitFor();
    await shoot('completed');

    await go('/collections');
    await page.getByRole('button', { name: /New collection/ }).click();
    await page.getByLabel('Name').fill('Fitness 2025');
    await page.getByRole('button', { name: 'Create collection' }).click();
    await page.getByRole('link', { name: /Fitness 2025/ }).click();
    await page.getByLabel('Add a goal').selectOption({ label: 'Run a half marathon in October' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.locator('.collection-goals__title', { hasText: 'Run a half marathon' }).waitFor();
    await shoot('collection');
    await go('/collections');
    await page.getByRole('link', { name: /Fitness 2025/ }).waitFor();
    await shoot('collections');

    await go('/user-profile');
    await page.getByRole('heading', { level: 2, name: 'Subscription' }).waitFor();
    await shoot('profile');

    await go('/pricing');
    await page.getByRole('button', { name: 'Current plan' }).waitFor();
    await shoot('pricing');

    await go('/landing#pricing');
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBeGreaterThan(200);

    await go('/admin');
    await page.getByRole('heading', { name: 'Not authorised' }).waitFor();
    await shoot('admin-not-authorised');

    await go('/no-such-page');
    await page.getByText('This page took a different path').waitFor();
    await shoot('not-found');
  });

  it('signs out back to the landing page', async () => {
    await go('/daily');
    await openAccountMenu();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    const productKeys = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('stride:') && k !== 'stride:storage-cleanup-version'),
    );
    expect(productKeys.filter((k) => !k.startsWith('stride:tracking'))).toEqual([]);
  });

  it('logged no unexpected browser errors and saw no server errors', () => {
    const unexpected = consoleErrors.filter(
      (text) => !/Failed to load resource: the server responded with a status of (401|403|404|5\d\d)/.test(text),
    );
    expect(unexpected).toEqual([]);
    expect(
      serverErrors,
      `server errors:\n${serverErrors.join('\n')}\n\nAPI log tail:\n${serverLog.slice(-3000)}`,
    ).toEqual([]);
  });
});
