import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithProviders } from '../../../test/render';
import { checkRange, isoDay } from '../lib/date-range';
import { buildSeries } from '../lib/series';
import { AnalyticsPage } from './analytics-page';

const metrics = {
  taskCompletionRate: 0.5,
  dailyActiveStreak: 2,
  goalCompletionRate: 0,
  aiGenerationsUsed: 1,
  lastActiveDate: null as string | null,
  mostProductiveHour: null,
  abandonedGoals: 0,
  completedGoals: 0,
};
const totals = {
  goalsCreated: 0,
  goalsCompleted: 0,
  tasksCreated: 0,
  tasksCompleted: 0,
  aiGenerationsUsed: 0,
  sessionDuration: 0,
  averageProductivityScore: 0,
  activeDays: 0,
};

function serve(overrides: Partial<typeof metrics> = {}, totalsOverrides: Partial<typeof totals> = {}) {
  const shown = { ...metrics, ...overrides };
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    if (url.pathname.endsWith('/user-metrics-simple')) return jsonResponse({ ...shown, userId: 'user-1' });
    if (url.pathname.endsWith('/user-metrics'))
      return jsonResponse({
        userId: 'user-1',
        asOf: isoDay(new Date()),
        metrics: shown,
        engagement: { score: 10, breakdown: { completion: 0, streak: 0, goalProgress: 0, aiUsage: 0, recency: 0 } },
        insights: [],
      });
    if (url.pathname.endsWith('/daily-metrics'))
      return jsonResponse({
        userId: 'user-1',
        start: url.searchParams.get('start'),
        end: url.searchParams.get('end'),
        days: [],
        totals: { ...totals, ...totalsOverrides },
      });
    return jsonResponse({});
  });
}

const paths = (spy: ReturnType<typeof serve>) =>
  spy.mock.calls.map(([input]) => new URL(String(input), 'http://x').pathname.replace('/api', ''));

describe('AnalyticsPage asks only what the screen can show', () => {
  it('a free user sees the preview and the pro endpoints are never called (no 403s)', async () => {
    const spy = serve();
    renderWithProviders(<AnalyticsPage />, { user: makeUser({ subscriptionTier: 'free' }) });
    expect(await screen.findByTestId('analytics-upgrade')).toBeInTheDocument();
    await screen.findByText(/So far you complete/);
    expect(paths(spy)).toEqual(['/analytics/user-metrics-simple']);
  });

  it('writes the last active day as every date is written (formatDate), not as YYYY-MM-DD', async () => {
    serve({ lastActiveDate: '2026-12-01' });
    renderWithProviders(<AnalyticsPage />, { user: makeUser({ subscriptionTier: 'pro' }) });
    await screen.findByTestId('analytics-dashboard');
    expect(screen.getByText('Last active December 1, 2026')).toBeInTheDocument();
  });

  it("says '1 active day' in the productivity hint, not '1 active days'", async () => {
    serve({}, { activeDays: 1 });
    renderWithProviders(<AnalyticsPage />, { user: makeUser({ subscriptionTier: 'pro' }) });
    await screen.findByTestId('analytics-dashboard');
    expect(screen.getByText(/^1 active day · /)).toBeInTheDocument();
  });

  it('clips the range to the day the account was created', async () => {
    const spy = serve();
    const created = new Date(Date.now() - 3 * 86_400_000);
    renderWithProviders(<AnalyticsPage />, {
      user: makeUser({ subscriptionTier: 'pro', createdAt: created.toISOString() }),
    });
    await screen.findByTestId('analytics-dashboard');
    expect(screen.getByTestId('range-clipped')).toHaveTextContent('your account did not exist before then');
    const daily = spy.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .find((url) => url.pathname.endsWith('/daily-metrics'))!;
    expect(daily.searchParams.get('start')).toBe(isoDay(created));
    expect(screen.getByText('Productivity trend')).toBeInTheDocument();
  });

  it('refuses From after To with a clear message instead of spinning', async () => {
    serve();
    renderWithProviders(<AnalyticsPage />, {
      user: makeUser({ subscriptionTier: 'pro', createdAt: '2024-01-01T00:00:00.000Z' }),
    });
    await screen.findByTestId('analytics-dashboard');
    const to = screen.getByLabelText('To') as HTMLInputElement;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2099-01-01' } });
    await waitFor(() => expect(screen.getByTestId('range-error')).toHaveTextContent('is after the To date'));
    expect(screen.queryByText('Crunching your numbers…')).not.toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('range rules', () => {
  it('clips, refuses and passes ranges', () => {
    expect(checkRange({ start: '2025-01-01', end: '2025-01-30' }, '2025-01-10T08:00:00Z', 'UTC')).toEqual({
      ok: true,
      range: { start: '2025-01-10', end: '2025-01-30' },
      clipped: true,
    });
    expect(checkRange({ start: '2025-02-01', end: '2025-01-30' }, null, 'UTC')).toMatchObject({
      ok: false,
      reason: 'from-after-to',
    });
    expect(checkRange({ start: '2024-12-01', end: '2024-12-31' }, '2025-01-10T08:00:00Z', 'UTC')).toMatchObject({
      ok: false,
      reason: 'before-account',
    });
  });

  it('draws no point (and no zero) for days before the account existed', () => {
    const check = checkRange({ start: '2025-01-01', end: '2025-01-30' }, '2025-01-28T08:00:00Z', 'UTC');
    if (!check.ok) throw new Error('expected a range');
    const points = buildSeries(check.range, [], 'user-1', 0);
    expect(points.map((p) => p.date)).toEqual(['2025-01-28', '2025-01-29', '2025-01-30']);
  });
});
