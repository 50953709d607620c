import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { SearchPage } from './search-page';

afterEach(() => vi.restoreAllMocks());

const answerNothing = () => vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ tasks: [], goals: [] }));

describe('SearchPage', () => {
  it('says what to try when nothing matches, with a way back to the whole list', async () => {
    answerNothing();
    renderWithProviders(<SearchPage goals={[]} />, { route: '/search?q=zzz&energy=high' });
    const nothing = await screen.findByTestId('search-nothing-found');
    expect(nothing).toHaveTextContent(
      'Nothing matches this search. Try fewer or other words, set a filter back to “Any”, or clear the search.',
    );
    expect(within(nothing).getByRole('link', { name: 'clear the search' })).toHaveAttribute('href', '/search');
  });

  it('with no search and nothing to find, points to creating a goal', async () => {
    answerNothing();
    renderWithProviders(<SearchPage goals={[]} />, { route: '/search' });
    const nothing = await screen.findByTestId('search-nothing-found');
    expect(within(nothing).getByRole('link', { name: 'Create a goal' })).toHaveAttribute('href', '/goals?new=1');
  });

  it('names the energy levels as the rest of the app does (Low, Medium, High)', () => {
    answerNothing();
    renderWithProviders(<SearchPage goals={[]} />, { route: '/search' });
    const energy = screen.getByLabelText('Energy');
    expect(
      within(energy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any energy', 'Low', 'Medium', 'High']);
  });
});
