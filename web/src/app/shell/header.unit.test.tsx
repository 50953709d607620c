import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderWithProviders } from '../../test/render';
import { Header } from './header';

async function openAccountMenu() {
  await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
  return screen.getByRole('menu');
}

describe('header and account menu', () => {
  it('shows Upgrade for free users and the PRO tag on Analytics', async () => {
    renderWithProviders(<Header />, { user: makeUser({ subscriptionTier: 'free' }) });
    expect(screen.getByRole('button', { name: /Upgrade/ })).toBeInTheDocument();
    const menu = await openAccountMenu();
    expect(within(menu).getByRole('menuitem', { name: /Analytics/ })).toHaveTextContent('PRO');
    expect(within(menu).queryByRole('menuitem', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
    expect(within(menu).getByText('Alex Rivera')).toBeInTheDocument();
    expect(within(menu).getByText('alex@example.com')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['AnalyticsPRO', 'Manage account', 'Sign out']);
  });

  it('shows Upgrade in the header and Upgrade to Pro in the menu for lite users', async () => {
    const openUpgradeDialog = vi.fn();
    renderWithProviders(<Header />, {
      user: makeUser({ subscriptionTier: 'lite', goalsLimit: 10, aiGenerationsLimit: 100 }),
      openUpgradeDialog,
    });
    expect(screen.getByRole('button', { name: /Upgrade/ })).toBeInTheDocument();
    const menu = await openAccountMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Upgrade to Pro' }));
    expect(openUpgradeDialog).toHaveBeenCalledWith('general');
  });

  it('hides Upgrade and the PRO tag for pro users', async () => {
    renderWithProviders(<Header />, {
      user: makeUser({ subscriptionTier: 'pro', goalsLimit: -1, aiGenerationsLimit: 300 }),
    });
    expect(screen.queryByRole('button', { name: /^★?\s*Upgrade$/ })).not.toBeInTheDocument();
    const menu = await openAccountMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Analytics' })).not.toHaveTextContent('PRO');
  });

  it('operates the account menu with the keyboard', async () => {
    renderWithProviders(<Header />, { user: makeUser() });
    const trigger = screen.getByRole('button', { name: /Account menu/ });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: /Analytics/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Manage account' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});
