/// <reference types="node" />
/**
 * Issue 16 in a real browser: a user downloads their data from the profile (and gets only theirs); an
 * admin (ADMIN_EMAILS) opens that user's goal stream on the audit screen and moves through its history
 * with the buttons, the keyboard and the event list; the user then deletes their account (another browser of
 * theirs is told so; signing in again with that email starts a new, empty account), and the admin sees the same
 * history with every personal field "[erased]". Screenshots at 1280x800 and 390x844 go to
 * artifacts/screenshots/.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, expectText, shoot, signIn, signInWithForm, startProduct, type Product } from './support/harness';

const USER = { email: 'e2e.owner@example.com', name: 'Robin Owner' };
const OTHER = { email: 'e2e.other@example.com', name: 'Sam Other' };
const ADMIN = { email: 'e2e.admin@example.com', name: 'Ada Admin' };

let product: Product;
let goalStreamId = '';

beforeAll(async () => {
  product = await startProduct({ ADMIN_EMAILS: ADMIN.email });
  const owner = await apiAs(product, USER);
  const created = (await owner('/goals/create-simple', { title: 'Learn the cello', category: 'learning' })) as {
    goal: { id: string };
  };
  goalStreamId = `goal-${created.goal.id}`;
  await owner('/goals/update', { goalId: created.goal.id, updates: { title: 'Learn the cello well' } });
  await owner('/goals/update', { goalId: created.goal.id, updates: { priority: 'high' } });
  const other = await apiAs(product, OTHER);
  await other('/goals/create-simple', { title: 'Secret project of Sam' });
});

afterAll(async () => {
  await product?.close();
});

describe('trust in the log, in a browser', () => {
  let page: Page;

  it('a user downloads their data from the profile', async () => {
    page = await product.newPage();
    await signIn(page, product.baseUrl, USER.email, USER.name);
    await page.goto(`${product.baseUrl}/user-profile`);
    await page.getByRole('heading', { level: 2, name: 'Your data' }).waitFor();
    // The profile's Download and Delete buttons stand apart from the text above them, as the time zone's form does.
    for (const [title, name] of [
      ['Your data', 'Download my data'],
      ['Delete my account', 'Delete my account'],
    ] as const) {
      const card = page.locator('section.card', { has: page.getByRole('heading', { level: 2, name: title }) });
      const [text, button] = await Promise.all([
        card.locator('p.muted').boundingBox(),
        card.getByRole('button', { name }).boundingBox(),
      ]);
      expect(button!.y - (text!.y + text!.height), name).toBeGreaterThanOrEqual(12);
    }
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^stride-my-data-\d{4}-\d\d-\d\d\.json$/);
    const text = await readFile((await download.path())!, 'utf8');
    const exported = JSON.parse(text) as { events: { streamId: string; type: string }[]; readModels: object };
    expect(exported.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['UserRegistered', 'GoalCreated', 'GoalUpdated']),
    );
    expect(exported.events.some((e) => e.streamId === goalStreamId)).toBe(true);
    expect(text).toContain('Learn the cello well');
    expect(text).toContain(USER.email);
    expect(text).not.toContain(OTHER.email);
    expect(text).not.toContain('Secret project of Sam');
    await page.getByText('Your data has been downloaded.').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Your data' }).scrollIntoViewIfNeeded();
    await shoot(page, 'profile-download-my-data');
  });

  it('an admin opens the stream and moves through its history', async () => {
    const admin = await product.newPage();
    await signIn(admin, product.baseUrl, ADMIN.email, ADMIN.name);
    await admin.goto(`${product.baseUrl}/admin`);
    await admin.getByRole('link', { name: /Stream audit/ }).click();
    await admin.waitForURL(/\/admin\/audit$/);
    await admin.getByLabel('Stream id').fill(goalStreamId);
    await admin.getByRole('button', { name: 'Open' }).click();

    const position = admin.getByTestId('audit-position');
    await expectText(position, 'Event 3 of 3: GoalUpdated');
    await expectText(admin.getByTestId('audit-changes'), 'priority');
    await expectText(admin.getByTestId('audit-state'), '"priority": "high"');
    await shoot(admin, 'admin-audit-latest');

    await admin.getByRole('button', { name: '← Previous' }).click();
    await expectText(position, 'Event 2 of 3: GoalUpdated');
    await expectText(admin.getByTestId('audit-changes'), '"Learn the cello" → "Learn the cello well"');

    // Keyboard: the slider moves with the arrow keys and Home/End.
    const slider = admin.getByRole('slider', { name: "Position in the stream's history" });
    await slider.focus();
    await admin.keyboard.press('ArrowLeft');
    await expectText(position, 'Event 1 of 3: GoalCreated');
    await expectText(admin.getByTestId('audit-changes'), '(whole state)');
    await expectText(admin.getByTestId('audit-state'), '"title": "Learn the cello"');
    await shoot(admin, 'admin-audit-first-event');
    await admin.keyboard.press('End');
    await expectText(position, 'Event 3 of 3');

    // The event list is a list of buttons, reachable by Tab and pressed with Enter.
    const history = admin.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: /v2/ }).focus();
    await admin.keyboard.press('Enter');
    await expectText(position, 'Event 2 of 3');
    await expect.poll(() => history.getByRole('button', { name: /v2/ }).getAttribute('aria-current')).toBe('step');

    // Pressed from the keyboard up to the first event, "← Previous" keeps the focus (it does not drop to the page).
    await admin.getByRole('button', { name: '← Previous' }).focus();
    await admin.keyboard.press('Enter');
    await expectText(position, 'Event 1 of 3: GoalCreated');
    await admin.keyboard.press('Enter');
    await expectText(position, 'Event 1 of 3: GoalCreated');
    expect(await admin.evaluate(() => document.activeElement?.textContent)).toBe('← Previous');

    // The owner may not use the admin screen.
    await page.goto(`${product.baseUrl}/admin/audit?stream=${goalStreamId}`);
    await page.getByRole('heading', { name: 'Not authorised' }).waitFor();
  });

  it('the user deletes their account; the history then reads [erased]; the same email then starts afresh', async () => {
    // A second browser of the same user, still open when the account is deleted.
    const stale = await product.newPage();
    await signIn(stale, product.baseUrl, USER.email, USER.name);
    await page.goto(`${product.baseUrl}/user-profile`);
    const heading = page.getByRole('heading', { level: 2, name: 'Delete my account' });
    await heading.waitFor();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('button', { name: 'Yes, delete my account permanently' }).waitFor();
    await heading.scrollIntoViewIfNeeded();
    await shoot(page, 'profile-delete-my-account');
    await page.getByRole('button', { name: 'Yes, delete my account permanently' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/user-profile'), { timeout: 20_000 });
    // The page it lands on says the account is gone, once: the flag leaves the URL, so a reload says nothing.
    const deleted = page.getByTestId('account-deleted-notice');
    await expectText(deleted, 'Your account and all its data were deleted.');
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
    await shoot(page, 'account-deleted-signed-out');
    await deleted.getByRole('button', { name: 'Dismiss message' }).click();
    expect(await deleted.count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await deleted.count()).toBe(0);

    // The other browser's session is refused, with what to do next: not a retry, but signing in again.
    await stale.goto(`${product.baseUrl}/goals`);
    const refused = stale.getByRole('alert');
    await expectText(refused, 'This account was deleted. Sign in again to start a new, empty account.');
    expect(await stale.getByText('No active goals yet').count()).toBe(0);
    await shoot(stale, 'account-deleted-other-browser');
    await refused.getByRole('button', { name: 'Sign in again' }).click();
    await stale.waitForURL((url) => url.pathname === '/');

    // Signing in again with the same email starts a new, empty account (not the old one, whose key is gone
    // and which would store everything typed into it as "[erased]").
    await stale.goto(`${product.baseUrl}/sign-in`);
    await signInWithForm(stale, USER.email, USER.name);
    await stale.waitForURL(/\/(daily|onboarding|complete-setup)/);
    await stale.goto(`${product.baseUrl}/goals`);
    // The list has loaded, empty: the old account's goal is not there, and nothing is refused.
    await stale.getByText('No active goals yet').waitFor();
    expect(await stale.getByText('Learn the cello').count()).toBe(0);
    expect(await stale.getByTestId('load-error').count()).toBe(0);
    await shoot(stale, 'account-deleted-fresh-start');

    const admin = await product.newPage();
    await signIn(admin, product.baseUrl, ADMIN.email, ADMIN.name);
    await admin.goto(`${product.baseUrl}/admin/audit?stream=${goalStreamId}`);
    const position = admin.getByTestId('audit-position');
    await expectText(position, 'Event 3 of 3: GoalUpdated');
    await expectText(admin.getByTestId('audit-state'), '"title": "[erased]"');
    await admin.getByRole('button', { name: '← Previous' }).click();
    await admin.getByRole('button', { name: '← Previous' }).click();
    await expectText(position, 'Event 1 of 3: GoalCreated');
    await expectText(admin.getByTestId('audit-state'), '"title": "[erased]"');
    await shoot(admin, 'admin-audit-erased');
  });

  it('logged no unexpected browser errors and saw no server errors', () => {
    const unexpected = product.consoleErrors.filter(
      (text) => !/Failed to load resource: the server responded with a status of (401|403|404|5\d\d)/.test(text),
    );
    expect(unexpected).toEqual([]);
    expect(product.serverErrors, product.log().slice(-3000)).toEqual([]);
  });
});
