/// <reference types="node" />
/**
 * Issue 13, billing lifecycle, in a real browser: a Pro user's renewal fails and they keep using the app
 * through the grace period (banner, no redirect); the built-in test billing portal's three buttons work
 * (fail, pay, cancel at period end); after canceling, the plan stays until the period ends. Screenshots at
 * 1280x800 and 390x844 go to artifacts/screenshots/ (prefix billing-).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, openTab, shoot, signInWithForm, startStride, type Stride, type Tab } from './support/harness';

let stride: Stride;
let tab: Tab;
let page: Page;
const shot = (name: string) => shoot(page, `billing-${name}`);

beforeAll(async () => {
  stride = await startStride();
  tab = await openTab(stride);
  page = tab.page;
});

afterAll(async () => {
  await tab?.context.close().catch(() => undefined);
  await stride?.stop();
});

const openPortal = async () => {
  await page.goto(`${stride.baseUrl}/user-profile`);
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await page.waitForURL(/\/api\/stripe\/test-checkout\/portal\//, { timeout: 30_000 });
};

describe('the paying customer’s lifecycle (issue 13 items 1-3)', () => {
  it('subscribes to Pro through the test checkout', async () => {
    await page.goto(`${stride.baseUrl}/sign-up?plan=pro`);
    await signInWithForm(page, 'robin.billing@example.com', 'Robin Hale', 'Create account');
    await page.waitForURL(/\/api\/stripe\/test-checkout\//, { timeout: 30_000 });
    await page.getByRole('button', { name: /pay/i }).first().click();
    await page.waitForURL(/\/payment-success\?success=true/, { timeout: 30_000 });
    await expectText(page.getByRole('status').filter({ hasText: 'Welcome to' }), 'Pro');
  });

  it('fails a renewal from the test portal, and the user keeps using the app with the banner', async () => {
    await openPortal();
    await page.getByRole('button', { name: 'Simulate a failed renewal payment' }).click();
    await page.waitForURL(/\/api\/stripe\/test-checkout\/portal\/[^/]+$/);
    await expectText(page.locator('body'), 'past_due');
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
    await openPortal();
    await page.getByRole('button', { name: 'Pay the failed invoice (test)' }).click();
    await page.waitForURL(/\/api\/stripe\/test-checkout\/portal\/[^/]+$/);
    await expectText(page.locator('body'), 'active');
    await page.goto(`${stride.baseUrl}/goals`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => page.getByTestId('payment-banner').count(), { timeout: 20_000 }).toBe(0);
  });

  it('cancels at the end of the period from the test portal, keeping the plan until then', async () => {
    await openPortal();
    await page.getByRole('button', { name: 'Cancel at the end of the period' }).click();
    await page.waitForURL(/\/api\/stripe\/test-checkout\/portal\/[^/]+$/);
    await expectText(page.locator('body'), 'then Free');
    await shot('portal-canceled-at-period-end');
    await page.getByRole('link', { name: 'Return to Stride' }).click();
    await page.goto(`${stride.baseUrl}/goals`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/goals');
    await shot('canceled-keeps-plan');
  });

  it('logged no browser errors and no unexpected 4xx', () => {
    expect(tab.consoleErrors).toEqual([]);
    expect(tab.failedResponses).toEqual([]);
  });
});
