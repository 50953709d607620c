import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { testQueryClient } from '../../test/render';
import { describe, expect, it } from 'vitest';
import { PublicShell } from './public-shell';

describe('PublicShell', () => {
  it('has a menu with Pricing and Blog for phones, which closes after a choice', async () => {
    const { container } = render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={['/about']}>
          <Routes>
            <Route element={<PublicShell />}>
              <Route path="/about" element={<p>About us</p>} />
              <Route path="/pricing" element={<p>Pricing page</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const details = container.querySelector('details.public-menu') as HTMLDetailsElement;
    const summary = within(details).getByLabelText('Menu');
    await userEvent.click(summary);
    expect(details.open).toBe(true);
    const links = within(details).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Pricing', 'Blog']);
    await userEvent.click(within(details).getByRole('link', { name: 'Pricing' }));
    expect(await screen.findByText('Pricing page')).toBeInTheDocument();
    expect(details.open).toBe(false);
  }, 20_000);
});
