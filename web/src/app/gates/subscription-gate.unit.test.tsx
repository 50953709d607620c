import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CurrentUserContext, type ClientUserData } from '../../lib/current-user';
import { currentUserValue, makeUser } from '../../test/render';
import { CONTINUE_ON_FREE, INACTIVE_TEXT, INACTIVE_TITLE } from './inactive-subscription-screen';
import { SubscriptionGate } from './subscription-gate';
import { hasEndedPlan } from './subscription-rules';

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
const pastDuePro = makeUser({ subscriptionTier: 'pro', subscriptionStatus: 'past_due' });

describe('billing never locks anyone out (issue 13 items 1 and 2)', () => {
  it('knows an ended plan: canceled on a paid tier; past due (grace period) and free are not', () => {
    expect(hasEndedPlan(canceledPro)).toBe(true);
    expect(hasEndedPlan(pastDuePro)).toBe(false);
    expect(hasEndedPlan(makeUser({ subscriptionTier: 'free', subscriptionStatus: 'canceled' }))).toBe(false);
    expect(hasEndedPlan(null)).toBe(false);
  });

  it.each([
    ['past due', pastDuePro],
    ['canceled', canceledPro],
  ])('lets a %s user use the app (/daily, /goals, /analytics)', (_label, user) => {
    for (const path of ['/daily', '/goals', '/analytics']) {
      const { unmount } = renderAt(path, user);
      expect(screen.getByTestId('where')).toHaveTextContent(path);
      unmount();
    }
  });

  it('shows a canceled user the inactive screen on /pricing, which offers Continue on Free and the plans', async () => {
    renderAt('/pricing', canceledPro);
    expect(screen.getByText(INACTIVE_TITLE)).toBeInTheDocument();
    expect(screen.getByText(INACTIVE_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: CONTINUE_ON_FREE }));
    expect(screen.getByTestId('where')).toHaveTextContent('/goals');
  });

  it('reveals the plans from the inactive screen', async () => {
    renderAt('/pricing', canceledPro);
    await userEvent.click(screen.getByRole('button', { name: 'View plans & reactivate' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/pricing');
  });
});
