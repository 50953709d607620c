/// <reference types="node" />
/**
 * Issue 15 in a real browser: quick add from the command palette (with its preview) and with Q, plan a
 * task for today, complete a recurring task and see the next occurrence (with the habit's streak), tasks left from an earlier day
 * moved one by one and all at once, search, the `?` shortcuts sheet, the JSON and CSV exports and the
 * private calendar feed.
 * Screenshots at 1280x800 and 390x844 go to artifacts/screenshots/ (prefix planner-).
 *
 * Overdue tasks without waiting a day: the user signs up in Honolulu (UTC-10) and plans tasks for their
 * today, then moves their time zone to Kiritimati (UTC+14), where it is always the next day: 24 hours ahead,
 * neither zone with summer time. (Pago Pago, UTC-11, is 25 hours behind: from 10:00 to 11:00 UTC Kiritimati
 * is two days ahead of it, and the habit's next occurrence was then a day left behind, not today's.)
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strideExportSchema } from '@stride/domain/exchange/stride-export';
import { addDays, localDateOf } from '@stride/domain/dates/local-date';
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

let stride: Stride;
let tab: Tab;
let page: Page;

/** Polls wait as long as the harness's other waits. */
const POLL = { timeout: 20_000 };
const shot = (name: string) => shoot(page, `planner-${name}`);
const today = (zone: string) => localDateOf(new Date(), zone);
const todayCard = () => page.locator('section.today');

beforeAll(async () => {
  stride = await startStride();
  tab = await openTab(stride, { timezoneId: 'Pacific/Honolulu' });
  page = tab.page;
});

afterAll(async () => {
  await tab?.context.close().catch(() => undefined);
  await stride?.stop();
});

describe('the planner in a browser', () => {
  it('signs in and creates a goal', async () => {
    await page.goto(`${stride.baseUrl}/sign-in`);
    await signInWithForm(page, 'e2e.planner@example.com', 'Robin Planner');
    await page.waitForURL(/\/daily$/);
    await todayCard().getByRole('heading', { name: "Today's plan" }).waitFor();
    // With no goal yet, a quick-added line is refused with what to do, not the generic "wasn't accepted".
    const box = todayCard().getByRole('form', { name: 'Quick add' });
    await box.getByRole('textbox').fill('Call the vet tomorrow 15m #dog');
    await box.getByRole('button', { name: 'Add' }).click();
    await expectText(box.getByRole('alert'), 'Which goal is this for?');
    await page.getByRole('link', { name: 'Goals', exact: true }).click();
    await page.getByRole('button', { name: /New goal/ }).click();
    await page.getByLabel('Goal', { exact: true }).fill('Health');
    await page.getByRole('button', { name: 'Create goal' }).click();
    await page.getByRole('heading', { level: 3, name: 'Health' }).waitFor();
  });

  it('quick adds a recurring task from the command palette, with a preview', async () => {
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL(/\/daily$/);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    const input = palette.getByRole('combobox');
    await input.fill('+ Stretch every day 10m low energy #health');
    await expectText(palette.getByTestId('quick-add-preview'), '"Stretch" · in Health');
    await expectText(palette.getByTestId('quick-add-preview'), 'repeats (daily)');
    await expect.poll(() => input.getAttribute('aria-activedescendant'), POLL).not.toBeNull();
    await shot('palette-quick-add');
    await input.press('Enter');
    await palette.waitFor({ state: 'detached' });
    await expectText(todayCard().getByRole('list', { name: 'Planned for today' }), 'Stretch');
  });

  it('quick adds with Q and plans the task for today', async () => {
    await page.locator('body').press('q');
    const quick = page.getByRole('dialog', { name: 'Quick add' });
    await quick.getByRole('combobox').fill('Call the bank 15m');
    await expectText(quick.getByTestId('quick-add-preview'), '15 min');
    await quick.getByRole('combobox').press('Enter');
    await quick.waitFor({ state: 'detached' });
    await page.getByText(/Not planned yet/).click();
    await page.getByRole('button', { name: 'Plan Call the bank for today' }).click();
    await expectText(todayCard().getByRole('list', { name: 'Planned for today' }), 'Call the bank');
    await expectText(todayCard().locator('.card__subtitle'), '25 min planned');
    // The card's title starts where its content does (a padded card does not pad its header twice).
    const [title, quickAdd] = await Promise.all([
      todayCard().getByRole('heading', { name: "Today's plan" }).boundingBox(),
      todayCard().getByRole('form', { name: 'Quick add' }).boundingBox(),
    ]);
    expect(Math.abs(title!.x - quickAdd!.x)).toBeLessThanOrEqual(2);
    // On a phone a day's name may wrap ("Mon" over "30") while a shorter one does not: the week's bars
    // stay level. (One name is made to wrap and one not to, whatever this week's dates; then put back.)
    await page.setViewportSize(PHONE);
    const barTops = await page.locator('.week-strip').evaluate((strip) => {
      const [wraps, oneLine] = Array.from(strip.querySelectorAll<HTMLElement>('.week-strip__name'));
      wraps!.style.maxWidth = '1px';
      oneLine!.style.whiteSpace = 'nowrap';
      const tops = Array.from(strip.querySelectorAll('.week-strip__bar'), (bar) => bar.getBoundingClientRect().top);
      wraps!.removeAttribute('style');
      oneLine!.removeAttribute('style');
      return tops;
    });
    await page.setViewportSize(DESKTOP);
    expect(new Set(barTops).size).toBe(1);
    await shot('today');
  });

  it('completes the recurring task and sees the next one', async () => {
    await page.getByRole('button', { name: 'Done: Stretch' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Done: Stretch' }).count(), POLL).toBe(0);
    const tomorrow = addDays(today('Pacific/Honolulu'), 1);
    await page.goto(`${stride.baseUrl}/search?q=stretch&status=todo`);
    const found = page.getByRole('list', { name: 'Tasks found' });
    // Dates read as everywhere in the app ("planned December 3, 2026").
    const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
    await expectText(found, `planned ${longDate.format(new Date(`${tomorrow}T00:00:00`))}`);
    await expectText(page.getByRole('status').filter({ hasText: 'task' }), '1 task');
    await shot('search-next-occurrence');
  });

  it('searches by energy and follows a result to its goal', async () => {
    await page.getByLabel('Words').fill('');
    await page.getByLabel('Energy').selectOption('medium');
    await page.getByLabel('Status').selectOption('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expectText(page.getByRole('list', { name: 'Tasks found' }), 'Call the bank');
    await page.getByRole('link', { name: 'Call the bank' }).click();
    await page.waitForURL(/\/daily\?goal=/);
    await page.getByRole('heading', { level: 2, name: 'Health' }).waitFor();
  });

  it('moves tasks left from an earlier day, one by one and all at once', async () => {
    // Add one more task for today (with the quick-add box on today's plan), then travel to a zone where it is already a later day.
    await page.goto(`${stride.baseUrl}/daily`);
    const box = todayCard().getByLabel('Quick add a task');
    await box.fill('Water plants today #health');
    await expectText(todayCard().getByTestId('quick-add-preview'), '"Water plants" · in Health');
    await box.press('Enter');
    await expectText(todayCard().getByRole('list', { name: 'Planned for today' }), 'Water plants');
    await page.goto(`${stride.baseUrl}/user-profile`);
    await page.getByLabel('Your time zone').selectOption('Pacific/Kiritimati');
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await page.getByText('Time zone set to Pacific/Kiritimati.').waitFor();
    await page.goto(`${stride.baseUrl}/daily`);
    const earlier = page.getByRole('list', { name: 'From earlier days' });
    await expectText(earlier, 'Call the bank');
    await expectText(earlier, 'Water plants');
    await shot('earlier-days');
    await page.getByRole('button', { name: 'Move Call the bank to today' }).click();
    await expectText(todayCard().getByRole('list', { name: 'Planned for today' }), 'Call the bank');
    await page.getByRole('button', { name: 'All to tomorrow' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'From earlier days' }).count(), POLL).toBe(0);
    await shot('moved');
    const tomorrow = addDays(today('Pacific/Kiritimati'), 1);
    await page.goto(`${stride.baseUrl}/search?from=${tomorrow}&to=${tomorrow}&status=todo`);
    await expectText(page.getByRole('list', { name: 'Tasks found' }), 'Water plants');
  });

  it("shows the habit's streak on the recurring task's next occurrence, in the user's time zone", async () => {
    // Stretch was done (in Honolulu) and its next occurrence is Kiritimati's today: one kept day in a row.
    await page.goto(`${stride.baseUrl}/daily`);
    const planned = todayCard().getByRole('list', { name: 'Planned for today' });
    await expectText(planned, 'Stretch');
    const streak = planned.getByRole('img', { name: 'Habit streak: 1 day in a row' });
    await expectText(streak, '1-day streak');
    expect(await planned.getByRole('img', { name: /Habit streak/ }).count()).toBe(1);
    await shot('habit-streak');
  });

  it('shows the shortcuts sheet with ?', async () => {
    await page.goto(`${stride.baseUrl}/daily`);
    await todayCard().getByRole('heading', { name: "Today's plan" }).waitFor();
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expectText(sheet, 'Open the command palette');
    await shot('shortcuts');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
  });

  it('exports everything as JSON and the tasks as CSV', async () => {
    await page.goto(`${stride.baseUrl}/data`);
    await page.getByRole('heading', { name: 'Export and import', level: 2 }).waitFor();
    // A file that is not JSON at all (a CSV) is refused in words, not with the JSON parser's message.
    await page
      .getByLabel('Import a Stride export (JSON)')
      .setInputFiles({ name: 'tasks.csv', mimeType: 'text/csv', buffer: Buffer.from('TYPE,CONTENT\ntask,Milk\n') });
    await expectText(page.getByRole('alert'), /^This file is not a Stride export\.$/);
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    const document = strideExportSchema.parse(JSON.parse(await readFile(await json.path(), 'utf8')));
    const tasks = document.goals.flatMap((goal) => goal.tasks.map((task) => task.title));
    expect(new Set(tasks)).toEqual(new Set(['Call the bank', 'Stretch', 'Water plants']));
    // The completed occurrence and the next one (the recurrence job may have added today's since).
    expect(tasks.filter((title) => title === 'Stretch').length).toBeGreaterThanOrEqual(2);
    expect(document.goals[0]?.series).toHaveLength(1);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^stride-tasks-.*\.csv$/);
    expect(await readFile(await csv.path(), 'utf8')).toContain('Water plants');

    await page.getByRole('button', { name: 'Make a calendar link' }).click();
    const link = page.getByLabel(/Your calendar link/);
    await expect.poll(() => link.inputValue(), POLL).toMatch(/\/calendar\/[A-Za-z0-9_-]+\.ics$/);
    const feed = await page.request.get(await link.inputValue());
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('SUMMARY:Water plants');
    await shot('data');
  });

  it('logged no browser errors and saw no server errors', () => {
    const unexpected = tab.consoleErrors.filter(
      (text) => !/Failed to load resource: the server responded with a status of (401|404)/.test(text),
    );
    expect(unexpected).toEqual([]);
    const serverErrors = tab.failedResponses.filter((line) => line.startsWith('5'));
    expect(serverErrors, `API log tail:\n${stride.log().slice(-3000)}`).toEqual([]);
  });
});
