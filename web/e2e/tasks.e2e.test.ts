/// <reference types="node" />
/**
 * Issue 13 item 9 in a real browser: a goal opens from its card and from a collection; a task is edited
 * (title, minutes, energy, notes) and reordered by keyboard (Move up button, Alt+ArrowDown) and by
 * dragging; the order holds after a reload; a completion, a task removal and a goal's abandonment are undone
 * from the toast (the completion and its undo show before the goals are read again), a removal left alone is sent when the toast ends, and one left in the Undo time by leaving
 * the page is sent as the page goes. (A Free user has one
 * goal, so the collection holds the same goal the card opened.) Screenshots at
 * 1280x800 and 390x844 go to artifacts/screenshots/ (tasks-). No console error and no 4xx or 5xx.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  expectText,
  holdReads,
  openTab,
  shoot,
  signIn,
  startStride,
  type Stride,
  type Tab,
} from './support/harness';

const USER = { email: 'e2e.tasks@example.com', name: 'Tess Tasks' };

let stride: Stride;
let tab: Tab;
let page: Page;
let moveId = '';
let collectionId = '';

const titles = async () =>
  (await page.getByTestId('task-item').locator('.task-item__title').allTextContents()).map((text) => text.trim());

beforeAll(async () => {
  stride = await startStride();
  const post = await apiAs(stride, USER);
  await post('/user/complete-onboarding', {});
  const move = (await post('/goals/create-simple', { title: 'Move house', category: 'home' })) as {
    goal: { id: string };
  };
  moveId = move.goal.id;
  await post(`/goals/${moveId}/tasks`, {
    tasks: [
      { title: 'Pack boxes', estimated_minutes: 60, energy_level: 'medium' },
      { title: 'Label boxes', estimated_minutes: 20, energy_level: 'low' },
      { title: 'Lift sofa', estimated_minutes: 30, energy_level: 'high' },
    ],
  });
  const collection = (await post('/collections', { name: 'This year' })) as { collection: { id: string } };
  collectionId = collection.collection.id;
  await post(`/collections/${collectionId}/goals`, { goalId: moveId });

  tab = await openTab(stride);
  page = tab.page;
  await signIn(page, stride.baseUrl, USER.email, USER.name);
}, 180_000);

afterAll(async () => {
  await tab?.context.close().catch(() => undefined);
  await stride?.stop();
});

describe('tasks: open, edit, reorder, undo', () => {
  it('opens a goal from its card on the goals page', async () => {
    await page.goto(`${stride.baseUrl}/goals`);
    await page.getByRole('link', { name: 'Move house' }).click();
    await page.waitForURL(new RegExp(`/daily\\?goal=${moveId}`));
    await expectText(page.locator('#selected-goal-title'), 'Move house');
    await expect.poll(titles).toEqual(['Pack boxes', 'Label boxes', 'Lift sofa']);
    // The add-task row's energy select shows its whole choice ("Medium energy"), beside its arrow.
    const energy = page.getByRole('form', { name: 'Add a task' }).getByLabel('Energy needed');
    const fit = await energy.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const text = context.measureText(select.selectedOptions[0]!.text).width;
      return {
        needed: text + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 16,
        has: select.clientWidth,
      };
    });
    expect(fit.has).toBeGreaterThanOrEqual(fit.needed);
  });

  it('edits a task’s title, minutes, energy and notes from its menu', async () => {
    await page.getByRole('button', { name: 'More actions for Pack boxes' }).click();
    await page.getByRole('menuitem', { name: 'Edit task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit task' });
    await dialog.getByLabel('Title').fill('Pack the books');
    // Minutes the API would refuse are not sent: the field says what to type, and Save waits for it.
    await dialog.getByLabel('Estimated minutes').fill('2000');
    await expectText(dialog.locator('.field__error'), 'Use a whole number of minutes from 1 to 1440.');
    expect(await dialog.getByRole('button', { name: 'Save task' }).isDisabled()).toBe(true);
    await shoot(page, 'tasks-edit-minutes-refused');
    await dialog.getByLabel('Estimated minutes').fill('45');
    await dialog.getByLabel('Energy needed').selectOption('low');
    await dialog.getByLabel('Notes').fill('Boxes are in the garage');
    await shoot(page, 'tasks-edit');
    await dialog.getByRole('button', { name: 'Save task' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(titles).toEqual(['Pack the books', 'Label boxes', 'Lift sofa']);
    const edited = page.getByTestId('task-item').first();
    await expectText(edited, 'Low energy');
    await expectText(edited, '45');
  });

  it('reorders by keyboard: Move up by Enter, then Alt+ArrowDown; the order holds after a reload', async () => {
    await page.getByRole('button', { name: 'Move Lift sofa up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(titles).toEqual(['Pack the books', 'Lift sofa', 'Label boxes']);
    await expectText(page.getByTestId('task-order-announcement'), 'Moved “Lift sofa” to position 2 of 3.');
    // Focus stays on the moved task: Alt+ArrowUp moves it again.
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(titles).toEqual(['Lift sofa', 'Pack the books', 'Label boxes']);
    await expectText(page.getByTestId('task-order-announcement'), 'Moved “Lift sofa” to position 1 of 3.');
    await page.getByRole('button', { name: 'Move Pack the books down' }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(titles).toEqual(['Lift sofa', 'Label boxes', 'Pack the books']);
    await shoot(page, 'tasks-reordered');
    await page.reload();
    await expect.poll(titles).toEqual(['Lift sofa', 'Label boxes', 'Pack the books']);
  });

  it('reorders by dragging a task onto another', async () => {
    const items = page.getByTestId('task-item');
    await items.nth(2).dragTo(items.nth(0));
    await expect.poll(titles).toEqual(['Pack the books', 'Lift sofa', 'Label boxes']);
    await page.reload();
    await expect.poll(titles).toEqual(['Pack the books', 'Lift sofa', 'Label boxes']);
  });

  it('undoes a completion from the toast; both show at once, the ring too, before the goals are read again', async () => {
    // The goal's ring (its progress rolled up by the server, sub-steps included) moves with them.
    const ring = page.locator('.selected-goal__ring span');
    await expect.poll(() => ring.textContent()).toBe('0%');
    // Every read of the goals waits from here until the end: what the page shows meanwhile is the
    // completion and the undo themselves, not a list read after them.
    const reads = await holdReads(page, '**/api/goals/**');
    try {
      await page.getByRole('button', { name: 'Complete Label boxes' }).click();
      await page.getByRole('button', { name: 'Complete without time' }).click();
      const undo = page.locator('.toast').filter({ hasText: 'Task done' }).getByRole('button', { name: 'Undo' });
      await undo.waitFor();
      await expect.poll(() => page.getByRole('button', { name: 'Label boxes is done' }).count()).toBe(1);
      await expect.poll(() => ring.textContent()).toBe('33%');
      await shoot(page, 'tasks-undo-toast');
      await undo.click();
      await expect.poll(() => page.getByRole('button', { name: 'Complete Label boxes' }).count()).toBe(1);
      await expect.poll(() => page.getByRole('button', { name: 'Complete Label boxes' }).isEnabled()).toBe(true);
      await expect.poll(() => ring.textContent()).toBe('0%');
      expect(reads.held()).toBeGreaterThan(0); // the reads after each change were made, and are still waiting
    } finally {
      await reads.release();
    }
    // Read again, the server says the same.
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Complete Label boxes' }).count()).toBe(1);
  });

  it('opens a goal from its collection', async () => {
    await page.goto(`${stride.baseUrl}/collections/${collectionId}`);
    // A goal's status reads as on its card ("Active"), not as the API spells it.
    await expectText(page.getByRole('main'), /Active · \d+\/\d+ tasks/);
    await page.getByRole('link', { name: 'Move house' }).click();
    await page.waitForURL(new RegExp(`/daily\\?goal=${moveId}`));
    await expectText(page.locator('#selected-goal-title'), 'Move house');
    await expect.poll(titles).toEqual(['Pack the books', 'Lift sofa', 'Label boxes']);
    await shoot(page, 'tasks-opened-from-collection');
  });

  it('undoes a task removal from the toast; a removal left alone is sent when the toast ends, or when the page goes', async () => {
    const removeLiftSofa = async () => {
      await page.getByRole('button', { name: 'More actions for Lift sofa' }).click();
      await page.getByRole('menuitem', { name: 'Delete task', exact: true }).click();
      await expect.poll(titles).toEqual(['Pack the books', 'Label boxes']);
    };
    await removeLiftSofa();
    const toastOf = (text: string) => page.locator('.toast').filter({ hasText: text });
    await toastOf('Task deleted').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(titles).toEqual(['Pack the books', 'Lift sofa', 'Label boxes']);
    await page.reload();
    await expect.poll(titles).toEqual(['Pack the books', 'Lift sofa', 'Label boxes']);

    await removeLiftSofa();
    // Left alone, the delete is sent once the toast's time (8 s) is up, and holds after a reload.
    await expect.poll(() => toastOf('Task deleted').count(), { timeout: 20_000 }).toBe(0);
    await page.waitForTimeout(500);
    await page.reload();
    await expect.poll(titles).toEqual(['Pack the books', 'Label boxes']);

    // Leaving the page in the Undo time (here a reload; closing the tab alike) sends the delete at once.
    await page.getByRole('button', { name: 'More actions for Label boxes' }).click();
    await page.getByRole('menuitem', { name: 'Delete task', exact: true }).click();
    await expect.poll(titles).toEqual(['Pack the books']);
    await expect.poll(() => toastOf('Task deleted').count()).toBe(1);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('task-item').first().waitFor();
          return titles();
        },
        { timeout: 20_000 },
      )
      .toEqual(['Pack the books']);
    await shoot(page, 'tasks-removal-sent-when-leaving');
  });

  it('undoes abandoning a goal from the toast', async () => {
    await page.goto(`${stride.baseUrl}/goals`);
    await page.getByRole('button', { name: 'Actions for Move house' }).click();
    await page.getByRole('menuitem', { name: 'Abandon goal' }).click();
    const toast = page.locator('.toast').filter({ hasText: 'Goal archived as abandoned' });
    await expect.poll(() => page.getByRole('link', { name: 'Move house' }).count()).toBe(0);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expectText(page.locator('.toast').filter({ hasText: 'Goal reactivated' }), 'Goal reactivated');
    await expect.poll(() => page.getByRole('link', { name: 'Move house' }).count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByRole('link', { name: 'Move house' }).count()).toBe(1);
  });

  it('left no console errors and no 4xx or 5xx answers', () => {
    expect(tab.consoleErrors).toEqual([]);
    expect(tab.failedResponses).toEqual([]);
  });
});
