import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildPlanCatalogue } from '@stride/domain/plans/plan-catalogue';
import { makeUser, renderWithProviders, testQueryClient } from '../../../test/render';
import { planKeys } from '../api/keys';
import type { Plan } from '../api/get-plans';
import UpgradeDialog from './upgrade-dialog';

const plans: Plan[] = Object.values(
  buildPlanCatalogue({ starter: 'price_starter', pro: 'price_pro', basic: 'price_basic', lite: 'price_lite' }),
).map((p) => ({
  ...p,
  features: [...p.features],
}));

function renderDialog(tier: Plan['id'], trigger: 'goals' | 'ai' | 'general') {
  const queryClient = testQueryClient();
  queryClient.setQueryData(planKeys.list(), plans);
  const onClose = vi.fn();
  renderWithProviders(<UpgradeDialog trigger={trigger} onClose={onClose} />, {
    user: makeUser({ subscriptionTier: tier }),
    queryClient,
  });
  return { onClose };
}

const planNames = () =>
  within(screen.getByTestId('upgrade-plans'))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('upgrade dialog', () => {
  it('offers starter and pro (pro recommended) to a free user, with price, description and three features', () => {
    renderDialog('free', 'goals');
    expect(screen.getByRole('dialog', { name: "You've reached your goal limit" })).toBeInTheDocument();
    expect(planNames()).toEqual(['Starter', 'Pro']);
    expect(screen.queryByText(/legacy/i)).not.toBeInTheDocument();
    const pro = screen.getByRole('article', { name: 'Pro' });
    expect(within(pro).getByText('Recommended')).toBeInTheDocument();
    expect(within(pro).getByText('$12/month')).toBeInTheDocument();
    expect(within(pro).getByText(plans.find((p) => p.id === 'pro')!.description)).toBeInTheDocument();
    expect(
      within(pro)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Unlimited goals', '300 AI breakdowns a month', 'Analytics dashboard, any date range']);
    const starter = screen.getByRole('article', { name: 'Starter' });
    expect(within(starter).queryByText('Recommended')).not.toBeInTheDocument();
    expect(
      within(starter)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['10 new goals a month', '100 AI breakdowns a month', 'Analytics dashboard (last 30 days)']);
    expect(screen.getByText('Cancel anytime • Same great features, just higher limits')).toBeInTheDocument();
  });

  it('offers only pro (recommended) to a lite user', () => {
    renderDialog('lite', 'general');
    expect(screen.getByRole('dialog', { name: 'Upgrade your plan' })).toBeInTheDocument();
    expect(planNames()).toEqual(['Pro']);
    expect(screen.getByText('Recommended')).toBeInTheDocument();
  });

  it('titles the ai trigger and offers pro to a starter or basic user (legacy plans are not sold)', () => {
    renderDialog('starter', 'ai');
    expect(screen.getByRole('dialog', { name: "You've used this month's AI breakdowns" })).toBeInTheDocument();
    expect(planNames()).toEqual(['Pro']);
  });

  it('never sells basic, even to a basic customer', () => {
    renderDialog('basic', 'goals');
    expect(planNames()).toEqual(['Pro']);
  });

  it('closes on Escape and traps focus inside', async () => {
    const { onClose } = renderDialog('free', 'general');
    const dialog = screen.getByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 6; i += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('upgrade buttons do nothing without a price identifier', () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(
      planKeys.list(),
      plans.map((p) => ({ ...p, stripePriceId: null })),
    );
    renderWithProviders(<UpgradeDialog trigger="general" onClose={vi.fn()} />, { user: makeUser(), queryClient });
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeDisabled();
  });
});
