/// <reference types="node" />
/**
 * `npm run bench:web`: first contentful paint of the pre-rendered public pages in Chromium, on the
 * product as `npm start` runs it (embedded defaults, fresh data directory), beside the machine's own limit:
 * a one-line HTML document from the same origin (what this browser on this machine needs to paint anything).
 * Each visit is a fresh browser context (no cache, nothing stored), as a first visit; the pages are visited in
 * alternating rounds so a load swing falls on every page alike. Prints a table, then one JSON line.
 * Issue 13 item 10's budget: under 500 ms on localhost.
 */
import { cpus, loadavg } from 'node:os';
import { DESKTOP, firstContentfulPaint, startStride } from '../e2e/support/harness';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const BUDGET_MS = 500;
const PAGES = ['/', '/pricing/', '/blog/', '/about/'] as const;
const BASELINE = '/fcp-baseline';

const stride = await startStride();
try {
  const visit = async (pathname: string): Promise<number> => {
    const context = await stride.browser.newContext({ viewport: DESKTOP });
    try {
      const page = await context.newPage();
      if (pathname === BASELINE)
        await page.route(`${stride.baseUrl}${BASELINE}`, (route) =>
          route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>b</title><h1>Baseline</h1>' }),
        );
      await page.goto(`${stride.baseUrl}${pathname}`, { waitUntil: 'commit' });
      return await firstContentfulPaint(page);
    } finally {
      await context.close();
    }
  };

  const samples = new Map<string, number[]>([BASELINE, ...PAGES].map((pathname) => [pathname, []]));
  await visit('/'); // warm the server's file cache once; not counted
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 === 0 ? [BASELINE, ...PAGES].reverse() : [BASELINE, ...PAGES];
    for (const pathname of order) samples.get(pathname)!.push(await visit(pathname));
    process.stdout.write(`round ${round}/${ROUNDS}\r`);
  }

  const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const baselineMs = median(samples.get(BASELINE)!);
  const pages = Object.fromEntries(
    PAGES.map((pathname) => {
      const values = samples.get(pathname)!;
      const medianMs = Math.round(median(values));
      return [
        pathname,
        { medianMs, worstMs: Math.round(Math.max(...values)), overBaselineMs: Math.round(medianMs - baselineMs) },
      ];
    }),
  );
  console.info(`\nfirst contentful paint, median of ${ROUNDS} fresh visits (budget ${BUDGET_MS} ms)`);
  console.info(
    `${'page'.padEnd(14)}${'median ms'.padStart(10)}${'worst ms'.padStart(10)}${'over baseline'.padStart(15)}`,
  );
  console.info(`${'baseline'.padEnd(14)}${String(Math.round(baselineMs)).padStart(10)}`);
  for (const [pathname, figure] of Object.entries(pages))
    console.info(
      `${pathname.padEnd(14)}${String(figure.medianMs).padStart(10)}${String(figure.worstMs).padStart(10)}${String(figure.overBaselineMs).padStart(15)}`,
    );
  const load = Number((loadavg()[0] ?? 0).toFixed(1));
  console.info(
    JSON.stringify({
      bench: 'web-first-paint',
      machine: { cpus: cpus().length, loadAverage1m: load },
      rounds: ROUNDS,
      budgetMs: BUDGET_MS,
      baselineMs: Math.round(baselineMs),
      pages,
      targetMet: Object.values(pages).every((figure) => figure.medianMs < BUDGET_MS),
    }),
  );
} finally {
  await stride.stop();
}
