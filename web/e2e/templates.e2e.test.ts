/// <reference types="node" />
/**
 * Issue 13, item 5 ("deliver what is sold"), in a real browser: a Starter user (through the test checkout,
 * which lists templates among what Starter includes) sees the analytics dashboard, creates a goal from a
 * built-in template with its tasks, saves a goal as a template and starts another goal from it. A Free
 * user browses the library and meets the upgrade prompt instead. Screenshots at 1280x800 and 390x844 go to
 * artifacts/screenshots/ (prefix templates-).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, openTab, shoot, signInWithForm, startStride, type Stride, type Tab } from './support/harness';

let stride: Stride;
const tabs: Tab[] = [];
let starter: Tab;
let page: Page;

beforeAll(async () => {
  stride = await startStride();
  starter = await openTab(stride);
  tabs.push(starter);
  page = starter.page;
});

afterAll(async () => {
  for (const tab of tabs) await tab.context.close().catch(() => undefined);
  await stride?.stop();
});

const openTemplatePicker = async (on: Page) => {
  await on.goto(`${stride.baseUrl}/goals?new=1`);
  await on.getByRole('tab', { name: 'Start from a template' }).click();
  await on.getByTestId('template-picker').waitFor({ timeout: 30_000 });
};

describe('goal templates (issue 13, item 5)', () => {
  it('a Starter user subscribes through the test checkout, which sells templates, and sees the dashboard', async () => {
    await page.goto(`${stride.baseUrl}/sign-up?plan=starter`);
    await signInWithForm(page, 'tess.templates@example.com', 'Tess Bloom', 'Create account');
    await page.waitForURL(/\/api\/stripe\/test-checkout\//, { timeout: 30_000 });
    await expectText(page.locator('body'), 'Goal templates, and your own');
    await page.getByRole('button', { name: /pay/i }).first().click();
    await page.waitForURL(/\/payment-success\?success=true/, { timeout: 30_000 });
    await expectText(page.getByRole('status').filter({ hasText: 'Welcome to' }), 'Starter');
    await page.goto(`${stride.baseUrl}/analytics`);
    await page.getByTestId('analytics-dashboard').waitFor({ timeout: 30_000 });
    await shoot(page, 'templates-starter-analytics');
  });

  it('creates a goal from a built-in template, with its tasks', async () => {
    await openTemplatePicker(page);
    await expect(page.getByTestId('templates-gate').count()).resolves.toBe(0);
    await expect(page.getByTestId('template-card').count()).resolves.toBeGreaterThanOrEqual(12);
    await shoot(page, 'templates-picker-starter');
    await page.getByRole('button', { name: 'Use template Run a 5K' }).click();
    await page.getByText('Goal created with 8 tasks', { exact: true }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Run a 5K' }).waitFor();
    await expectText(page.locator('article', { hasText: 'Run a 5K' }), '0/8 tasks');
    await expect(page.getByTestId('template-picker').count()).resolves.toBe(0);
    await shoot(page, 'templates-goal-from-template');
  });

  it('saves a goal as a template and starts another goal from it', async () => {
    await page.getByRole('button', { name: 'Actions for Run a 5K' }).click();
    await page.getByRole('menuitem', { name: 'Save as template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as template' });
    await dialog.getByLabel('Template name').fill('My 5K plan');
    await shoot(page, 'templates-save-dialog');
    await dialog.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Saved to your templates. Pick it when you create a goal.', { exact: true }).waitFor();

    await openTemplatePicker(page);
    const own = page.getByRole('region', { name: 'Your templates' });
    await expectText(own, 'My 5K plan');
    await shoot(page, 'templates-own-template');
    await own.getByRole('button', { name: 'Use template My 5K plan' }).click();
    await page.getByText('Goal created with 8 tasks', { exact: true }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'My 5K plan' }).waitFor();
    await expectText(page.locator('article', { hasText: 'My 5K plan' }), '0/8 tasks');
    await expectText(page.getByTestId('usage-goals'), '2/10');
    await shoot(page, 'templates-goal-from-own-template');
  });

  it('logged no browser errors and no 4xx for the Starter user', () => {
    expect(starter.consoleErrors).toEqual([]);
    expect(starter.failedResponses).toEqual([]);
  });

  it('a Free user browses the library and meets the upgrade prompt, not an error', async () => {
    const free = await openTab(stride);
    tabs.push(free);
    await free.page.goto(`${stride.baseUrl}/sign-up`);
    await signInWithForm(free.page, 'finn.free@example.com', 'Finn Free', 'Create account');
    await free.page.waitForURL(/\/complete-setup$/);
    await openTemplatePicker(free.page);
    await expectText(free.page.getByTestId('templates-gate'), 'Goal templates come with Starter and up.');
    await expect(free.page.getByRole('button', { name: 'Upgrade to use template Run a 5K' }).count()).resolves.toBe(1);
    await shoot(free.page, 'templates-free-gate');
    await free.page.getByRole('button', { name: 'Upgrade to use template Run a 5K' }).click();
    await free.page.getByRole('dialog').waitFor();
    await expectText(free.page.getByRole('dialog'), 'Starter');
    await shoot(free.page, 'templates-free-upgrade');
    expect(free.consoleErrors).toEqual([]);
    expect(free.failedResponses).toEqual([]);
  });
});
