import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithProviders } from '../../../test/render';
import { writeOnboarding, initialProgress } from '../lib/onboarding-storage';
import { OnboardingPage } from './onboarding-page';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAtLastStep(createFirstGoal: (title: string) => Promise<boolean>) {
  const user = makeUser({ onboardingCompleted: false });
  writeOnboarding(user.id, { ...initialProgress, step: 3 });
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ success: true }));
  renderWithProviders(
    <>
      <Routes>
        <Route path="/onboarding" element={<OnboardingPage createFirstGoal={createFirstGoal} />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Where />
    </>,
    { user, route: '/onboarding' },
  );
}

describe('onboarding, last step', () => {
  it('creates the goal typed there and lands on /daily', async () => {
    const createFirstGoal = vi.fn(async () => true);
    renderAtLastStep(createFirstGoal);
    await userEvent.type(await screen.findByLabelText('Your first goal'), 'Read two books this month');
    await userEvent.click(screen.getByRole('button', { name: 'Create my goal' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/daily'));
    expect(createFirstGoal).toHaveBeenCalledWith('Read two books this month');
  }, 20_000);

  it('keeps the title in the goal form when the goal could not be created', async () => {
    renderAtLastStep(async () => false);
    await userEvent.type(await screen.findByLabelText('Your first goal'), 'Learn to juggle');
    await userEvent.click(screen.getByRole('button', { name: 'Create my goal' }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/goals?new=1&title=Learn%20to%20juggle'),
    );
  }, 20_000);
});

describe('onboarding, moving between steps', () => {
  it('moves the focus to the new step’s heading, not to the page, when a step’s button replaces it', async () => {
    const user = makeUser({ onboardingCompleted: false });
    writeOnboarding(user.id, { ...initialProgress });
    renderWithProviders(<OnboardingPage />, { user, route: '/onboarding' });
    await userEvent.click(await screen.findByRole('button', { name: "Let's begin" }));
    expect(screen.getByRole('heading', { level: 1, name: 'What do you want to focus on?' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('heading', { level: 1, name: 'When is your energy highest?' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 1, name: 'What do you want to focus on?' })).toHaveFocus();
  });
});
