import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TemplateLibraryResponse } from '@stride/domain/contracts/templates';
import { jsonResponse, makeUser, renderWithProviders } from '../../../test/render';
import { TemplatePicker } from './template-picker';

const library = (canUse: boolean): TemplateLibraryResponse => ({
  can_use: canUse,
  required_tiers: ['starter', 'pro', 'team'],
  built_in: [
    {
      id: 'builtin-run-5k',
      kind: 'builtin',
      title: 'Run a 5K',
      description: 'Three runs a week',
      category: 'health',
      priority: 'medium',
      tasks: [
        { title: 'Buy shoes', description: null, estimated_minutes: 30, energy_level: 'low' },
        { title: 'First run', description: null, estimated_minutes: 30, energy_level: 'high' },
      ],
      created_at: null,
    },
  ],
  own: [],
});

const urlOf = (input: string | URL | Request) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** Whether any call went to a goal-creating route. */
const createdAnything = (spy: ReturnType<typeof serve>) =>
  spy.mock.calls.some(([input]) => urlOf(input).includes('/goals'));

function serve(canUse: boolean) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = urlOf(input);
    if (url.endsWith('/api/templates')) return jsonResponse(library(canUse));
    return jsonResponse({}, { status: 500 });
  });
}

const label = (category: string) => category;

describe('TemplatePicker', () => {
  it('without templates on the plan: shows the library with the upgrade prompt and never calls the create route', async () => {
    const fetchSpy = serve(false);
    const { openUpgradeDialog } = renderWithProviders(<TemplatePicker onCreated={vi.fn()} categoryLabel={label} />, {
      user: makeUser(),
    });
    expect(await screen.findByTestId('templates-gate')).toHaveTextContent('Goal templates come with Starter and up.');
    expect(screen.getByText('2 tasks · 1 h')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to use template Run a 5K' }));
    expect(openUpgradeDialog).toHaveBeenCalledWith('general');
    expect(createdAnything(fetchSpy)).toBe(false);
  });

  it('at the monthly goal limit: opens the goals upgrade instead of creating', async () => {
    const fetchSpy = serve(true);
    const { openUpgradeDialog } = renderWithProviders(<TemplatePicker onCreated={vi.fn()} categoryLabel={label} />, {
      user: makeUser({ goalsThisMonth: 10, goalsLimit: 10 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Use template Run a 5K' }));
    await waitFor(() => expect(openUpgradeDialog).toHaveBeenCalledWith('goals'));
    expect(screen.queryByTestId('templates-gate')).not.toBeInTheDocument();
    expect(createdAnything(fetchSpy)).toBe(false);
  });
});
