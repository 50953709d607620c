/// <reference types="node" />
/**
 * Issue 13 item 14 in a real browser: a user in Los Angeles (UTC-8 in winter, the browser's timezoneId) whose
 * server clock reads 23:20 local time (DEV_CLOCK_START) signs up for Pro, completes a task before midnight,
 * and sees it on that local day: the analytics count it on the day in Los Angeles, not on the next UTC day,
 * and the most productive hour is 11pm in their own time. The browser's zone was recorded at sign-up and
 * the profile shows it. Screenshots at 1280x800 and 390x844 go to artifacts/screenshots/ (prefix time-zone-).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf } from '@stride/domain/dates/local-date';
import { localDayBounds } from '@stride/domain/analytics/local-time';
import { expectText, openTab, shoot, signInWithForm, startStride, type Stride, type Tab } from './support/harness';

const ZONE = 'America/Los_Angeles';
const EMAIL = 'lena.night@example.com';
const NAME = 'Lena Night';

/**
 * The server's clock starts at 23:20 in Los Angeles on the browser's today there (tomorrow once that is
 * less than 5 minutes away), with 40 minutes to midnight: the account (stored at the real time) and the
 * task fall on the same local day, which in UTC is already the next day.
 */
const clockStartOn = (day: string) => new Date(localDayBounds(day, ZONE).end - 40 * 60_000);
const todayThere = localDateOf(new Date(), ZONE);
const localDay = clockStartOn(todayThere).getTime() > Date.now() + 5 * 60_000 ? todayThere : addDays(todayThere, 1);
const clockStart = clockStartOn(localDay);

let stride: Stride;
let tab: Tab;

beforeAll(async () => {
  stride = await startStride({ DEV_CLOCK_START: clockStart.toISOString() });
  tab = await openTab(stride, { timezoneId: ZONE });
});

afterAll(async () => {
  await tab?.context.close().catch(() => undefined);
  await stride?.stop();
});

const api = async (path: string, token: string, body: unknown) => {
  const response = await fetch(`${stride.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return response.json() as Promise<Record<string, unknown>>;
};

describe('a Pro user in Los Angeles late in the evening', () => {
  it("signs up for Pro; the browser's time zone is recorded", async () => {
    const { page } = tab;
    await page.goto(stride.baseUrl);
    await page.getByRole('link', { name: 'Start with Pro' }).first().click();
    await page.waitForURL(/\/sign-up\?plan=pro$/);
    await signInWithForm(page, EMAIL, NAME, 'Create account');
    await page.waitForURL(/\/api\/stripe\/test-checkout\//, { timeout: 30_000 });
    await page.getByRole('button', { name: /pay/i }).first().click();
    await page.waitForURL(/\/payment-success\?success=true/, { timeout: 30_000 });
    await page.goto(`${stride.baseUrl}/user-profile`);
    await expect.poll(() => page.getByLabel('Your time zone').inputValue(), { timeout: 20_000 }).toBe(ZONE);
    await shoot(page, 'time-zone-profile');
  });

  it('completes a task at about 23:25 local time and sees it on that local day, at 11pm', async () => {
    const { token } = (await (
      await fetch(`${stride.baseUrl}/api/dev/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: EMAIL, name: NAME }),
      })
    ).json()) as { token: string };
    const { goal } = (await api('/api/goals/create-simple', token, { title: 'Evening reading' })) as {
      goal: { id: string };
    };
    const { tasks } = (await api(`/api/goals/${goal.id}/tasks`, token, { tasks: [{ title: 'Read a chapter' }] })) as {
      tasks: { id: string }[];
    };
    await api(`/api/goals/${goal.id}/tasks/${tasks[0]!.id}/complete`, token, {});

    const { page } = tab;
    const showRange = async (from: string, to: string) => {
      await page.getByLabel('From', { exact: true }).fill(from);
      await page.getByLabel('To', { exact: true }).fill(to);
    };
    // The metrics are computed by the workers a moment later: reload until the day shows the task.
    await expect
      .poll(
        async () => {
          await page.goto(`${stride.baseUrl}/analytics`);
          await page.getByTestId('analytics-dashboard').waitFor({ timeout: 30_000 });
          await showRange(localDay, localDay);
          return (
            (await page
              .getByText(/done in range/)
              .first()
              .textContent()) ?? ''
          );
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toContain('1 task done in range');
    await expectText(page.locator('.stat-card', { hasText: 'Most productive hour' }), '11pm');
    await expectText(page.locator('.stat-card', { hasText: 'Most productive hour' }), 'America/Los Angeles time');
    await shoot(page, 'time-zone-analytics-local-day');
    // In UTC the completion fell on the next day.
    expect(new Date(clockStart).toISOString().slice(0, 10)).toBe(addDays(localDay, 1));
  });

  it('saw no console error and no failed request', () => {
    expect(tab.consoleErrors).toEqual([]);
    expect(tab.failedResponses).toEqual([]);
  });
});
