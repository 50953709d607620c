/// <reference types="node" />
/**
 * Issue 14 in a real browser: choose the size of steps, review the draft (the planner is named honestly),
 * edit one step (its title, and its minutes typed key by key), remove one, regenerate one, save; break a saved step into sub-steps and tick one off
 * (progress rolls up, and moves at once when another task is done); the AI counter moves as docs/decisions.md says (draft 1, regenerate a step 0,
 * save 0, sub-steps 1). Screenshots at 1280x800 and 390x844 go to artifacts/screenshots/ (breakdowns-).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepMinutesRange } from '@stride/domain/ai/breakdown';
import { toPercent } from '@stride/domain/tasks/subtask-progress';
import { apiAs, expectText, holdReads, shoot, signIn, startProduct, type Product } from './support/harness';

const USER = { email: 'e2e.breakdowns@example.com', name: 'Bea Breakdown' };

let product: Product;
let page: Page;
const tiny = stepMinutesRange('tiny');

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const aiCounter = () => page.getByTestId('usage-ai').first();
const steps = (): Locator => page.getByTestId('draft-step');
const titleOf = (n: number) => page.getByLabel(`Step ${n} title`);

beforeAll(async () => {
  product = await startProduct();
  const post = await apiAs(product, USER);
  await post('/user/complete-onboarding', {});
  await post('/goals/create-simple', {
    title: 'Run a half marathon',
    description: 'I currently run 5 km twice a week',
    category: 'health',
    // Two weeks: half an hour a week is less than the tiny plan needs (its steps are 5 to 15 minutes).
    target_date: inDays(14),
  });
  page = await product.newPage();
  await signIn(page, product.baseUrl, USER.email, USER.name);
  await page.goto(`${product.baseUrl}/daily`);
  await page.getByRole('heading', { name: 'Run a half marathon' }).first().waitFor();
});

afterAll(async () => {
  await product?.close();
});

describe('AI breakdowns: size, review, save, break down again', () => {
  it('drafts tiny steps, edits one, removes one, regenerates one and saves: one AI generation in all', async () => {
    await expectText(aiCounter(), '0/3');
    await page.getByRole('radio', { name: /^Tiny/ }).check();
    await page.getByLabel('Hours a week').fill('0.5');
    await page.getByRole('button', { name: 'Draft steps' }).click();
    await expectText(page.getByTestId('planner-source'), 'Built-in planner, works offline');
    await expect.poll(() => steps().count()).toBeGreaterThanOrEqual(5);
    await expectText(aiCounter(), '1/3');
    // Every step the built-in planner proposes is the size chosen (its minutes declared once in the contract).
    const proposed = await page
      .getByLabel(/^Step \d+ minutes$/)
      .evaluateAll((inputs) => inputs.map((input) => Number((input as HTMLInputElement).value)));
    expect(proposed.length).toBe(await steps().count());
    expect(proposed.filter((minutes) => minutes < tiny.min || minutes > tiny.max)).toEqual([]);
    // Half an hour a week is not enough before the target date: the warning offers the two ways out.
    const warning = page.getByRole('alert').filter({ hasText: 'This plan needs about' });
    await expect.poll(() => warning.count()).toBe(1);
    await expectText(warning, /Move target date to/);
    await shoot(page, 'breakdowns-draft');

    const before = await steps().count();
    await titleOf(1).fill('Lace up and jog for 10 minutes');
    // A step's minutes typed key by key, as a person types them: 30 passes through 3 (below the 5-minute
    // floor), which must not be turned into 5 under the fingers.
    const minutesOf1 = page.getByLabel('Step 1 minutes');
    await minutesOf1.fill('');
    await minutesOf1.pressSequentially('30');
    expect(await minutesOf1.inputValue()).toBe('30');
    await page.getByRole('button', { name: 'Remove step 2' }).click();
    await expect.poll(() => steps().count()).toBe(before - 1);
    const replaced = await titleOf(2).inputValue();
    await page.getByRole('button', { name: 'Regenerate step 2' }).click();
    await expect.poll(() => titleOf(2).inputValue()).not.toBe(replaced);
    await expectText(aiCounter(), '1/3');
    await shoot(page, 'breakdowns-reviewed');

    const kept = await steps().count();
    await page.getByRole('button', { name: `Save ${kept} steps` }).click();
    await expect.poll(() => page.getByTestId('task-item').count()).toBe(kept);
    await expectText(page.getByTestId('task-item').first(), 'Lace up and jog for 10 minutes');
    await expectText(page.getByTestId('task-item').first(), '~30 min');
    await expect.poll(() => steps().count()).toBe(0);
    await expectText(aiCounter(), '1/3');
  });

  it('breaks a saved step into sub-steps (1 AI generation) and progress rolls up when one is done', async () => {
    await page.getByRole('button', { name: 'Break down Lace up and jog for 10 minutes' }).click();
    await page.getByLabel('Sub-step size').selectOption('tiny');
    await page.getByRole('button', { name: 'Break into sub-steps (1 AI)' }).click();
    await expect.poll(() => page.getByTestId('subtask').count()).toBeGreaterThanOrEqual(2);
    await expectText(aiCounter(), '2/3');
    const total = await page.getByTestId('subtask').count();
    // The sub-steps are about this step (its own words) and tiny, not more steps of a half marathon.
    const subSteps = await page.getByTestId('subtask').allTextContents();
    expect(subSteps.filter((text) => !/lace up|jog/i.test(text))).toEqual([]);
    const subMinutes = subSteps.map((text) => Number(/~(\d+) min/.exec(text)?.[1]));
    expect(subMinutes.filter((minutes) => !(minutes >= tiny.min && minutes <= tiny.max))).toEqual([]);

    await page.getByTestId('subtask').first().getByRole('checkbox').click();
    await expectText(page.getByTestId('subtask-progress').first(), `1 of ${total} sub-steps done`);
    // The goal's ring counts the task's share of sub-steps.
    await expect
      .poll(async () => Number((await page.locator('.selected-goal__ring span').textContent())?.replace('%', '')))
      .toBeGreaterThan(0);
    await expectText(aiCounter(), '2/3');
    await shoot(page, 'breakdowns-substeps');
  });

  it("completing another task moves the goal's ring at once, as the server rolls it up (sub-steps counted)", async () => {
    const ring = page.locator('.selected-goal__ring span');
    const percent = async () => Number((await ring.textContent())?.replace('%', ''));
    const tasks = await page.getByTestId('task-item').count();
    const subSteps = await page.getByTestId('subtask').count();
    // The first task stands at 1 of its sub-steps; the second, once done, counts whole.
    const expected = toPercent((1 / subSteps + 1) / tasks);
    expect(await percent()).toBe(toPercent(1 / subSteps / tasks));
    // Every read of the goal (its tasks, its sub-steps and progress) waits: what shows is the change itself.
    const reads = await holdReads(page, '**/api/goals/**');
    try {
      await page
        .getByTestId('task-item')
        .nth(1)
        .getByRole('button', { name: /^Complete / })
        .click();
      await page.getByRole('button', { name: 'Complete without time' }).click();
      await expect.poll(percent).toBe(expected);
      await shoot(page, 'breakdowns-ring-at-once');
    } finally {
      await reads.release();
    }
    await page.reload();
    await expect.poll(percent).toBe(expected);
  });

  it('left no console errors and no server errors', () => {
    expect(product.consoleErrors).toEqual([]);
    expect(product.serverErrors).toEqual([]);
  });
});
