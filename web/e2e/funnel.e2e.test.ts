/// <reference types="node" />
/**
 * Issue 13, item 15 in a real browser: a signed-out visitor views the landing and pricing pages (their page
 * views are accepted under a random anonymous id, no 401s), signs up, and the admin's funnel shows the
 * landing step for them (the identify join). No console error and no 4xx during the walk. Screenshots at
 * 1280x800 and 390x844 go to artifacts/screenshots/ (prefix funnel-).
 */
import type { Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  expectText,
  openTab,
  shoot,
  signInWithForm,
  startStride,
  type Stride,
  type Tab,
} from './support/harness';

const ADMIN = { email: 'funnel.admin@example.com', name: 'Fran Admin' };

let stride: Stride;
const tabs: Tab[] = [];
const shot = (page: Page, name: string) => shoot(page, `funnel-${name}`);

interface SentEvent {
  readonly event: string;
  readonly path: string | undefined;
  readonly anonymousId: string | undefined;
  readonly signedIn: boolean;
  status: number | null;
}

/** The analytics posts the page made, with whether they carried a token and how they were answered. */
function eventPosts(page: Page): SentEvent[] {
  const sent: SentEvent[] = [];
  const byRequest = new Map<Request, SentEvent>();
  page.on('request', (request: Request) => {
    if (!request.url().endsWith('/api/analytics/events') || request.method() !== 'POST') return;
    try {
      const body = JSON.parse(request.postData() ?? '{}') as {
        event: string;
        context?: { anonymousId?: string; path?: string };
      };
      const entry: SentEvent = {
        event: body.event,
        path: body.context?.path,
        anonymousId: body.context?.anonymousId,
        signedIn: Boolean(request.headers().authorization),
        status: null,
      };
      sent.push(entry);
      byRequest.set(request, entry);
    } catch {
      /* not JSON */
    }
  });
  page.on('response', (response: Response) => {
    const entry = byRequest.get(response.request());
    if (entry) entry.status = response.status();
  });
  return sent;
}

/** Pairs of axis labels, on the same chart axis, whose boxes overlap ("a" / "b"). */
const overlappingAxisLabels = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('.recharts-cartesian-axis-tick-labels')).flatMap((axis) => {
      const labels = Array.from(axis.querySelectorAll('.recharts-cartesian-axis-tick-value')).map((label) => ({
        text: label.textContent ?? '',
        box: label.getBoundingClientRect(),
      }));
      return labels.flatMap((a, i) =>
        labels
          .slice(i + 1)
          .filter(
            (b) =>
              a.box.left < b.box.right &&
              b.box.left < a.box.right &&
              a.box.top < b.box.bottom &&
              b.box.top < a.box.bottom,
          )
          .map((b) => `${a.text} / ${b.text}`),
      );
    }),
  );

beforeAll(async () => {
  stride = await startStride({ ADMIN_EMAILS: ADMIN.email });
});

afterAll(async () => {
  if (process.env.E2E_API_LOG) console.info(`API log tail:\n${stride?.log().slice(-6000)}`);
  for (const tab of tabs) await tab.context.close().catch(() => undefined);
  await stride?.stop();
});

describe('the top of the funnel', () => {
  let visitor: Tab;
  let page: Page;
  let sent: SentEvent[];

  beforeAll(async () => {
    visitor = await openTab(stride);
    tabs.push(visitor);
    page = visitor.page;
    sent = eventPosts(page);
  });

  it('accepts a signed-out visitor’s landing and pricing page views (202, not 401) under one anonymous id', async () => {
    await page.goto(`${stride.baseUrl}/`);
    await expectText(page.getByRole('heading', { level: 1 }), 'Big goals');
    await expect.poll(() => page.locator('#prerendered').count(), { timeout: 20_000 }).toBe(0);
    await shot(page, 'landing-signed-out');
    const answered = (path: string) =>
      expect
        .poll(() => sent.find((e) => e.event === 'page_viewed' && e.path === path)?.status ?? null, {
          timeout: 15_000,
        })
        .toBe(202);
    // Answered before the next visit (a keepalive post outlives its page, but its answer is not reported then).
    await answered('/');
    // The pricing page as a second visit from this browser (the desktop header's Pricing is the landing's anchor).
    await page.goto(`${stride.baseUrl}/pricing`);
    await page.getByRole('heading', { level: 1, name: /Simple plans/ }).waitFor();
    await shot(page, 'pricing-signed-out');
    await answered('/pricing');
    const anonymous = sent.filter((e) => !e.signedIn);
    expect(anonymous.length).toBeGreaterThanOrEqual(2);
    expect(new Set(anonymous.map((e) => e.anonymousId)).size).toBe(1);
    expect(anonymous[0]?.anonymousId).toMatch(/^[0-9a-f-]{36}$/);
    // None refused (a post whose page went away before its answer has no status here; 4xx are checked at the end).
    expect(anonymous.map((e) => e.status).filter((status) => status !== null && status !== 202)).toEqual([]);
  });

  it('joins those views to the account created from this browser (user_identified), then forgets the id', async () => {
    const anonymousId = sent.find((e) => !e.signedIn)?.anonymousId;
    await page.goto(`${stride.baseUrl}/sign-up`);
    await signInWithForm(page, 'sam.visitor@example.com', 'Sam Visitor', 'Create account');
    await page.waitForURL(/\/complete-setup$/, { timeout: 30_000 });
    await expect
      .poll(() => sent.find((e) => e.event === 'user_identified')?.status ?? null, { timeout: 15_000 })
      .toBe(202);
    const identify = sent.find((e) => e.event === 'user_identified')!;
    expect(identify).toMatchObject({ anonymousId, signedIn: true });
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('anonymous-id')))).toEqual(
      [],
    );
    await shot(page, 'signed-up');
  });

  it('shows the admin a funnel that starts at the landing view and counts this visitor there and at sign-up', async () => {
    const admin = await openTab(stride);
    tabs.push(admin);
    await admin.page.goto(`${stride.baseUrl}/sign-in`);
    await signInWithForm(admin.page, ADMIN.email, ADMIN.name);
    await admin.page.waitForURL((url) => !url.pathname.startsWith('/sign-in'), { timeout: 30_000 });
    const row = (label: string) =>
      admin.page.getByTestId('admin-funnel').locator('table').first().locator('tr', { hasText: label });
    const usersAt = async (label: string) => {
      if ((await row(label).count()) === 0) return -1;
      return Number((await row(label).locator('td').nth(1).textContent()) ?? '-1');
    };
    // The pipeline is eventually consistent: reload the report until the events have arrived.
    await expect
      .poll(
        async () => {
          await admin.page.goto(`${stride.baseUrl}/admin/analytics`);
          await admin.page.getByTestId('admin-funnel').locator('table').first().waitFor({ timeout: 20_000 });
          return [await usersAt('Viewed the landing page'), await usersAt('Signed up')];
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toEqual([1, 1]);
    const firstRow = admin.page.getByTestId('admin-funnel').locator('tbody tr').first();
    await expectText(firstRow, 'Viewed the landing page');
    // The funnel's bars stand apart from the table of steps under them, on a desktop and on a phone.
    for (const screen of [DESKTOP, PHONE]) {
      await admin.page.setViewportSize(screen);
      const [bars, table] = await Promise.all([
        admin.page.getByTestId('admin-funnel').locator('.funnel').boundingBox(),
        admin.page.getByTestId('admin-funnel').locator('table').first().boundingBox(),
      ]);
      expect(table!.y - (bars!.y + bars!.height), `${screen.width} px`).toBeGreaterThanOrEqual(12);
    }
    await admin.page.setViewportSize(DESKTOP);
    // On a phone the charts' axis labels (seven funnel steps, seven channels) are each readable: none overlaps
    // another on the same axis.
    await admin.page.getByTestId('admin-attribution').locator('.recharts-cartesian-axis-tick-value').first().waitFor();
    await admin.page.setViewportSize(PHONE);
    await admin.page.waitForTimeout(400);
    const overlaps = await overlappingAxisLabels(admin.page);
    await admin.page.setViewportSize(DESKTOP);
    expect(overlaps).toEqual([]);
    await admin.page.getByTestId('admin-funnel').scrollIntoViewIfNeeded();
    await shot(admin.page, 'admin-funnel');
  });
});

describe('the whole walk', () => {
  it('saw no console error and no 4xx or 5xx', () => {
    for (const tab of tabs) {
      expect(tab.failedResponses, `API log tail:\n${stride.log().slice(-3000)}`).toEqual([]);
      expect(tab.consoleErrors).toEqual([]);
    }
  });
});
