import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderWithProviders } from '../../../test/render';
import { paymentBannerState, daysText, isBannerDismissed } from '../lib/payment-banner';
import { PaymentFailureBanner } from './payment-failure-banner';

const DAY = 86_400_000;
const now = Date.parse('2025-06-10T12:00:00.000Z');
const inDays = (days: number) => new Date(now + days * DAY).toISOString();
const failed = { paymentFailedAt: '2025-06-08T09:00:00.000Z' };

describe('payment-failure banner rules', () => {
  it('shows only with a grace end, a payment-failed date and a non-free tier', () => {
    expect(
      paymentBannerState(
        makeUser({ subscriptionTier: 'pro', gracePeriodEndsAt: inDays(5), ...failed }),
        now,
        () => false,
      ),
    ).not.toBeNull();
    expect(
      paymentBannerState(makeUser({ subscriptionTier: 'pro', gracePeriodEndsAt: inDays(5) }), now, () => false),
    ).toBeNull();
    expect(paymentBannerState(makeUser({ subscriptionTier: 'pro', ...failed }), now, () => false)).toBeNull();
    expect(
      paymentBannerState(
        makeUser({ subscriptionTier: 'free', gracePeriodEndsAt: inDays(5), ...failed }),
        now,
        () => false,
      ),
    ).toBeNull();
    expect(paymentBannerState(null, now, () => false)).toBeNull();
  });

  it('is hidden once the grace end has passed', () => {
    expect(
      paymentBannerState(
        makeUser({ subscriptionTier: 'starter', gracePeriodEndsAt: inDays(-0.01), ...failed }),
        now,
        () => false,
      ),
    ).toBeNull();
  });

  it('is urgent at 2 days or fewer and uses the singular at 1 day', () => {
    const at = (days: number) =>
      paymentBannerState(
        makeUser({ subscriptionTier: 'pro', gracePeriodEndsAt: inDays(days), ...failed }),
        now,
        () => false,
      )!;
    expect(at(5)).toMatchObject({ daysRemaining: 5, urgent: false, daysText: '5 Days' });
    expect(at(3)).toMatchObject({ daysRemaining: 3, urgent: false });
    expect(at(2)).toMatchObject({ daysRemaining: 2, urgent: true, daysText: '2 Days' });
    expect(at(1)).toMatchObject({ daysRemaining: 1, urgent: true, daysText: '1 Day' });
    expect(at(0.3)).toMatchObject({ daysRemaining: 1, urgent: true });
    expect(daysText(1)).toBe('1 Day');
  });

  it('renders yellow (warning) with days remaining and red when urgent', () => {
    const { unmount } = renderWithProviders(<PaymentFailureBanner now={now} />, {
      user: makeUser({ subscriptionTier: 'pro', gracePeriodEndsAt: inDays(6), ...failed }),
    });
    expect(screen.getByTestId('payment-banner')).toHaveClass('payment-banner--warning');
    expect(screen.getByTestId('payment-banner-days')).toHaveTextContent('6 Days');
    unmount();
    renderWithProviders(<PaymentFailureBanner now={now} />, {
      user: makeUser({ subscriptionTier: 'pro', gracePeriodEndsAt: inDays(1), ...failed }),
    });
    expect(screen.getByTestId('payment-banner')).toHaveClass('payment-banner--urgent');
    expect(screen.getByTestId('payment-banner-days')).toHaveTextContent('1 Day');
  });

  it('is dismissed per grace end date: a new grace end shows it again', async () => {
    const graceEnd = inDays(4);
    const { unmount } = renderWithProviders(<PaymentFailureBanner now={now} />, {
      user: makeUser({ subscriptionTier: 'pro', gracePeriodEndsAt: graceEnd, ...failed }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss payment reminder' }));
    expect(screen.queryByTestId('payment-banner')).not.toBeInTheDocument();
    expect(isBannerDismissed(graceEnd, 'warning')).toBe(true);
    unmount();

    const again = renderWithProviders(<PaymentFailureBanner now={now} />, {
      user: makeUser({ subscriptionTier: 'pro', gracePeriodEndsAt: graceEnd, ...failed }),
    });
    expect(screen.queryByTestId('payment-banner')).not.toBeInTheDocument();
    again.unmount();

    renderWithProviders(<PaymentFailureBanner now={now} />, {
      user: makeUser({ subscriptionTier: 'pro', gracePeriodEndsAt: inDays(9), ...failed }),
    });
    expect(screen.getByTestId('payment-banner')).toBeInTheDocument();
  });

  it("shows 'Opening…' while the portal opens and the failure toast when it fails", async () => {
    let reject: (reason: unknown) => void = () => undefined;
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise((_resolve, r) => (reject = r)));
    const { toast } = await import('../../../lib/toast');
    renderWithProviders(<PaymentFailureBanner now={now} />, {
      user: makeUser({ subscriptionTier: 'pro', gracePeriodEndsAt: inDays(4), ...failed }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Update payment' }));
    expect(await screen.findByRole('button', { name: 'Opening…' })).toBeDisabled();
    reject(new TypeError('network down'));
    expect(await screen.findByRole('button', { name: 'Update payment' })).toBeEnabled();
    expect(toast.getAll().map((t) => t.message)).toContain('Failed to open billing portal. Please try again.');
  });

  it('keeps separate dismissals for the yellow and the red reminder of the same grace period', async () => {
    const graceEnd = inDays(5);
    const user = makeUser({ subscriptionTier: 'pro', gracePeriodEndsAt: graceEnd, ...failed });
    const yellow = renderWithProviders(<PaymentFailureBanner now={now} />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss payment reminder' }));
    expect(screen.queryByTestId('payment-banner')).not.toBeInTheDocument();
    yellow.unmount();

    // Three days later the same grace end is 2 days away: the red reminder shows despite the yellow dismissal.
    const later = now + 3 * DAY;
    const red = renderWithProviders(<PaymentFailureBanner now={later} />, { user });
    expect(screen.getByTestId('payment-banner')).toHaveClass('payment-banner--urgent');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss payment reminder' }));
    expect(isBannerDismissed(graceEnd, 'urgent')).toBe(true);
    red.unmount();
    renderWithProviders(<PaymentFailureBanner now={later} />, { user });
    expect(screen.queryByTestId('payment-banner')).not.toBeInTheDocument();
  });
});
