import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CurrentUserContext, type ClientUserData } from '../../lib/current-user';
import { currentUserValue, makeUser } from '../../test/render';
import { INACTIVE_TEXT, INACTIVE_TITLE } from './inactive-subscription-screen';
import { SubscriptionGate } from './subscription-gate';
import { inactiveSubscriptionRedirect, isExemptPath, isSubscriptionInactive } from './subscription-rules';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderAt(path: string, user: ClientUserData) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <CurrentUserContext.Provider value={currentUserValue(user)}>
        <Routes>
          <Route
            path="*"
            element={
              <SubscriptionGate>
                <Where />
              </SubscriptionGate>
            }
          />
        </Routes>
      </CurrentUserContext.Provider>
    </MemoryRouter>,
  );
}

const canceledPro = makeUser({ subscriptionTier: 'pro', subscriptionStatus: 'canceled' });

describe('inactive subscription rules', () => {
  it('blocks canceled and past_due users on paid tiers, never free users', () => {
    expect(isSubscriptionInactive(canceledPro)).toBe(true);
    expect(isSubscriptionInactive(makeUser({ subscriptionTier: 'starter', subscriptionStatus: 'past_due' }))).toBe(
      true,
    );
    expect(isSubscriptionInactive(makeUser({ subscriptionTier: 'pro', subscriptionStatus: 'active' }))).toBe(false);
    expect(isSubscriptionInactive(makeUser({ subscriptionTier: 'free', subscriptionStatus: 'canceled' }))).toBe(false);
    expect(isSubscriptionInactive(null)).toBe(false);
  });

  it('knows the exempt paths (and their sub-paths; "/" only exactly)', () => {
    for (const path of [
      '/pricing',
      '/complete-setup',
      '/payment-success',
      '/user-profile',
      '/admin',
      '/admin/analytics',
      '/blog',
      '/blog/some-post',
      '/about',
      '/privacy',
      '/terms',
      '/landing',
      '/',
    ]) {
      expect(isExemptPath(path), path).toBe(true);
    }
    for (const path of [
      '/daily',
      '/goals',
      '/completed',
      '/collections',
      '/collections/abc',
      '/analytics',
      '/pricingx',
      '/blogs',
    ]) {
      expect(isExemptPath(path), path).toBe(false);
    }
    expect(inactiveSubscriptionRedirect(canceledPro, '/daily')).toBe('/pricing');
    expect(inactiveSubscriptionRedirect(canceledPro, '/user-profile')).toBeNull();
    expect(inactiveSubscriptionRedirect(makeUser(), '/daily')).toBeNull();
  });

  it('redirects an inactive paid user from /daily to /pricing and shows the inactive screen there', async () => {
    renderAt('/daily', canceledPro);
    expect(screen.getByText(INACTIVE_TITLE)).toBeInTheDocument();
    expect(screen.getByText(INACTIVE_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View Plans & Reactivate' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/pricing');
  });

  it('lets the inactive user stay on exempt paths', () => {
    renderAt('/user-profile', canceledPro);
    expect(screen.getByTestId('where')).toHaveTextContent('/user-profile');
  });

  it('never blocks free users', () => {
    renderAt('/daily', makeUser({ subscriptionStatus: 'canceled' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/daily');
  });
});
