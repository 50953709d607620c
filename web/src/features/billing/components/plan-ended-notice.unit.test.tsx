import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderWithProviders } from '../../../test/render';
import { billingClockNow } from '../api/get-subscription-status';
import { PlanEndedNotice, planEndedText } from './plan-ended-notice';

const status = (endedPlan: { tier: string; reason: string } | null) => ({
  tier: 'free',
  status: 'active',
  effectiveTier: 'free',
  subscriptionId: null,
  customerId: 'cus_1',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  paymentFailedAt: null,
  gracePeriodEndsAt: null,
  graceDaysRemaining: null,
  paymentsMode: 'test-checkout',
  endedPlan,
  billingNow: '2025-06-20T00:00:00.000Z',
});

const answer = (body: unknown) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('the plan-ended notice (issue 13, item 4)', () => {
  it('tells a user moved to Free that the plan ended, until dismissed (and stays dismissed)', async () => {
    answer(status({ tier: 'pro', reason: 'grace_period_ended' }));
    const { unmount } = renderWithProviders(<PlanEndedNotice />, { user: makeUser({ subscriptionTier: 'free' }) });
    expect(await screen.findByText(planEndedText('pro'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss plan notice' }));
    expect(screen.queryByTestId('plan-ended-notice')).toBeNull();
    unmount();
    renderWithProviders(<PlanEndedNotice />, { user: makeUser({ subscriptionTier: 'free' }) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('plan-ended-notice')).toBeNull();
  });

  it('asks nothing of a user on a paid plan, and shows nothing to one who never had a plan', async () => {
    const fetchSpy = answer(status(null));
    const { unmount } = renderWithProviders(<PlanEndedNotice />, { user: makeUser({ subscriptionTier: 'pro' }) });
    expect(fetchSpy).not.toHaveBeenCalled();
    unmount();
    renderWithProviders(<PlanEndedNotice />, { user: makeUser({ subscriptionTier: 'free' }) });
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(screen.queryByTestId('plan-ended-notice')).toBeNull();
  });
});

describe('the billing clock in the browser', () => {
  it('follows the server’s billing time, moved on by the time passed since it was read', () => {
    const fetchedAt = Date.parse('2025-06-10T00:00:00.000Z');
    const later = fetchedAt + 60_000;
    expect(billingClockNow({ billingNow: '2025-06-18T00:00:00.000Z' }, fetchedAt, later)).toBe(
      Date.parse('2025-06-18T00:01:00.000Z'),
    );
    expect(billingClockNow(undefined, 0, later)).toBe(later);
  });
});
