/// <reference types="node" />
/**
 * Issue 13, billing lifecycle, in a real browser: a Pro user's renewal fails and they keep using the app
 * through the grace period (banner, no redirect); the built-in test billing portal's three buttons work
 * (fail, pay, cancel at period end); after canceling, the plan stays until the period ends, then the user
 * continues on Free, told the plan ended, with their goals. The billing clock is moved by an admin (as in
 * test mode it must be). Screenshots at 1280x800 and 390x844 go to artifacts/screenshots/ (prefix billing-).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectText,
  openTab,
  PHONE,
  shoot,
  signInWithForm,
  startStride,
  type Stride,
  type Tab,
} from './support/harness';

const ADMIN = 'ops.billing@example.com';
let stride: Stride;
let tab: Tab;
let admin: Tab | undefined;
let page: Page;
const shot = (name: string) => shoot(page, `billing-${name}`);

beforeAll(async () => {
  process.env.ADMIN_EMAILS = ADMIN; // the server started below reads it: the billing clock is admin-only
  stride = await startStride();
  tab = await openTab(stride);
  page = tab.page;
});

afterAll(async () => {
  await tab?.context.close().catch(() => undefined);
  await admin?.context.close().catch(() => undefined);
  await stride?.stop();
});

/** An admin's signed-in call to the API, from the admin's own browser tab. */
async function asAdmin(path: string, body: unknown): Promise<number> {
  if (!admin) {
    admin = await openTab(stride);
    await admin.page.goto(`${stride.baseUrl}/sign-in`);
    await signInWithForm(admin.page, ADMIN, 'Olive Ops');
    await admin.page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
  }
  return admin.page.evaluate(
    async ({ path, body }) => {
      const token = window.localStorage.getItem('stride:auth-token') ?? '';
      const response = await fetch(path, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { path, body },
  );
}

/** The page's type and colours, as the app's design tokens set them on its body. */
const look = (on: Page) =>
  on.evaluate(() => {
    const { fontFamily, color, backgroundColor } = getComputedStyle(document.body);
    return { fontFamily, color, backgroundColor };
  });

/** Opens the test portal from the profile, presses one of its buttons and waits for the page again. */
const pressInPortal = async (button: string, expected: string) => {
  await page.goto(`${stride.baseUrl}/user-profile`);
  await page.getByRole('button', { name: 'Manage subscription', exact: true }).click();
  await page.waitForURL(/\/api\/stripe\/test-checkout\/portal\//, { timeout: 30_000 });
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(/\/api\/stripe\/test-checkout\/portal\/[^/]+$/);
  await expectText(page.locator('body'), expected);
};

describe('the paying customer’s lifecycle (issue 13 items 1-3)', () => {
  it('opens the test checkout, which looks like the product and keeps off a phone screen’s edges', async () => {
    await page.goto(`${stride.baseUrl}/sign-up?plan=pro`);
    await page.getByLabel('Email').waitFor();
    const appLook = await look(page);
    await signInWithForm(page, 'robin.billing@example.com', 'Robin Hale', 'Create account');
    await page.waitForURL(/\/api\/stripe\/test-checkout\//, { timeout: 30_000 });
    expect(await look(page)).toEqual(appLook);
    // The note on the shared billing clock is inside the card, in plain words: no API path.
    await expectText(page.locator('main'), 'Only an admin can move it forward');
    expect(await page.locator('body').innerText()).not.toMatch(/\/api\/|POST /);
    await page.setViewportSize(PHONE);
    const card = await page.locator('main').boundingBox();
    await page.setViewportSize(DESKTOP);
    expect(card?.x).toBeGreaterThanOrEqual(12);
    expect(PHONE.width - (card?.x ?? 0) - (card?.width ?? PHONE.width)).toBeGreaterThanOrEqual(12);
    await shot('checkout');
  });

  it('cancels that checkout: pricing says nothing was charged, once, and the flag leaves the URL', async () => {
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    const notice = page.getByTestId('checkout-cancelled-notice');
    await expectText(notice, 'Checkout cancelled — you have not been charged, and your plan is unchanged.');
    await page.waitForURL((url) => url.pathname === '/pricing' && url.search === '');
    await shot('checkout-cancelled');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /Simple plans/ }).waitFor();
    await expect(notice.count()).resolves.toBe(0);
    // Dismissed, it goes.
    await page.goto(`${stride.baseUrl}/pricing?checkout=cancelled`);
    await notice.getByRole('button', { name: 'Dismiss message' }).click();
    await expect(notice.count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(/\/api\/stripe\/test-checkout\//, { timeout: 30_000 });
  });

  it('subscribes to Pro through the test checkout', async () => {
    await page.getByRole('button', { name: /pay/i }).first().click();
    await page.waitForURL(/\/payment-success\?success=true/, { timeout: 30_000 });
    await expectText(page.getByRole('status').filter({ hasText: 'Welcome to' }), 'Pro');
  });

  it('fails a renewal from the test portal, and the user keeps using the app with the banner', async () => {
    await pressInPortal('Simulate a failed renewal payment', 'past_due');
    await shot('portal-past-due');
    for (const path of ['/daily', '/goals']) {
      await page.goto(`${stride.baseUrl}${path}`);
      await page.getByTestId('payment-banner').waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe(path);
      await expect(page.getByText('SUBSCRIPTION INACTIVE').count()).resolves.toBe(0);
    }
    await expectText(page.getByTestId('payment-banner'), 'to keep your Pro plan');
    await shot('past-due-goals');
  });

  it('pays the failed invoice from the test portal: the banner goes', async () => {
    await pressInPortal('Pay the failed invoice (test)', 'active');
    await page.goto(`${stride.baseUrl}/goals`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => page.getByTestId('payment-banner').count(), { timeout: 20_000 }).toBe(0);
  });

  it('cancels at the end of the period from the test portal, keeping the plan until then', async () => {
    await pressInPortal('Cancel at the end of the period', 'then Free');
    await shot('portal-canceled-at-period-end');
    await page.getByRole('link', { name: 'Return to Stride' }).click();
    await page.goto(`${stride.baseUrl}/goals`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/goals');
    await shot('canceled-keeps-plan');
  });

  it('continues on Free when the paid period ends, told the plan ended, with the goal kept', async () => {
    await page.goto(`${stride.baseUrl}/goals?new=1`);
    await page.getByLabel('Goal', { exact: true }).fill('Run a 10k in the spring');
    await page.getByRole('button', { name: 'Create goal' }).click();
    await expectText(page.locator('main'), 'Run a 10k in the spring');
    expect(await asAdmin('/api/stripe/test-mode/advance-clock', { days: 31 })).toBe(200);
    expect(await asAdmin('/api/stripe/check-expired-subscriptions', {})).toBe(200);
    await page.goto(`${stride.baseUrl}/goals`);
    await page.getByTestId('plan-ended-notice').waitFor({ timeout: 30_000 });
    await expectText(page.getByTestId('plan-ended-notice'), "Your Pro plan has ended and you're on Free now");
    await expectText(page.locator('main'), 'Run a 10k in the spring');
    expect(new URL(page.url()).pathname).toBe('/goals');
    await shot('continues-on-free');
    await page.getByRole('button', { name: 'Dismiss plan notice' }).click();
    await page.reload();
    await expectText(page.locator('main'), 'Run a 10k in the spring');
    await expect(page.getByTestId('plan-ended-notice').count()).resolves.toBe(0);
  });

  it('shows a Starter user the analytics dashboard over the last 30 days (issue 13, item 5)', async () => {
    const starter = await openTab(stride);
    try {
      await starter.page.goto(`${stride.baseUrl}/sign-up?plan=starter`);
      await signInWithForm(starter.page, 'sam.starter@example.com', 'Sam Reed', 'Create account');
      await starter.page.waitForURL(/\/api\/stripe\/test-checkout\//, { timeout: 30_000 });
      await expectText(starter.page.locator('body'), 'Analytics dashboard (last 30 days)');
      await starter.page.getByRole('button', { name: /pay/i }).first().click();
      await starter.page.waitForURL(/\/payment-success\?success=true/, { timeout: 30_000 });
      await expectText(starter.page.getByRole('status').filter({ hasText: 'Welcome to' }), 'Starter');
      await starter.page.goto(`${stride.baseUrl}/analytics`);
      await starter.page.getByTestId('analytics-dashboard').waitFor({ timeout: 30_000 });
      await expect(starter.page.getByRole('button', { name: '90 days' }).count()).resolves.toBe(0);
      await shoot(starter.page, 'billing-starter-analytics');
      expect(starter.consoleErrors).toEqual([]);
      expect(starter.failedResponses).toEqual([]);
    } finally {
      await starter.context.close();
    }
  });

  it('logged no browser errors and no unexpected 4xx', () => {
    expect(tab.consoleErrors).toEqual([]);
    expect(tab.failedResponses).toEqual([]);
    expect(admin?.consoleErrors ?? []).toEqual([]);
    expect(admin?.failedResponses ?? []).toEqual([]);
  });
});
