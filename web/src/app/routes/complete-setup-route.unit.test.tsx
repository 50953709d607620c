import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildPlanCatalogue } from '@stride/domain/plans/plan-catalogue';
import { AuthSessionContext, type AuthSession } from '../../lib/auth-session';
import { rememberIntendedPlan, readIntendedPlan } from '../../lib/intended-plan';
import { jsonResponse, makeUser, renderWithProviders } from '../../test/render';
import CompleteSetupRoute from './complete-setup-route';

const plans = Object.values(buildPlanCatalogue({ starter: 'price_starter', pro: 'price_pro' }));
const session: AuthSession = {
  mode: 'dev',
  status: 'signed-in',
  user: { id: 'user-1', email: 'alex@example.com', name: 'Alex', imageUrl: null, publicMetadata: {} },
  getToken: async () => 'tok',
  signOut: async () => undefined,
};

describe('/complete-setup after "Start with Pro"', () => {
  it('goes straight on to the chosen plan’s checkout', async () => {
    rememberIntendedPlan('pro');
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/plans')) return jsonResponse({ plans, paymentsMode: 'test-checkout' });
      if (url.endsWith('/stripe/create-checkout-session-simple'))
        return jsonResponse({ sessionId: 'cs_1', url: '/api/stripe/test-checkout/cs_1' });
      return jsonResponse({});
    });
    renderWithProviders(
      <AuthSessionContext.Provider value={session}>
        <CompleteSetupRoute />
      </AuthSessionContext.Provider>,
      { user: makeUser({ subscriptionTier: 'free' }) },
    );
    expect(await screen.findByTestId('checkout-handoff')).toHaveTextContent('Taking you to the Pro checkout');
    // jsdom cannot navigate: the checkout session being created for the chosen plan is the evidence here
    // (the browser journey follows the redirect to the test checkout).
    await waitFor(() =>
      expect(fetchSpy.mock.calls.some(([u]) => String(u).endsWith('/create-checkout-session-simple'))).toBe(true),
    );
    const checkout = fetchSpy.mock.calls.find(([u]) => String(u).endsWith('/create-checkout-session-simple'))!;
    expect(JSON.parse(String((checkout[1] as RequestInit).body))).toMatchObject({ priceId: 'price_pro' });
    expect(readIntendedPlan()).toBeNull();
  });

  it('shows the ordinary page without a chosen plan', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ plans, paymentsMode: 'test-checkout' }));
    renderWithProviders(<CompleteSetupRoute />, { user: makeUser() });
    expect(await screen.findByText(/Your account is ready/)).toBeInTheDocument();
  });
});
