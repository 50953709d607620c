import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { CollectionsPage } from './collections-page';

afterEach(() => vi.restoreAllMocks());

describe('CollectionsPage with no collections', () => {
  it('says how to start, and while the new-collection form is open says it no more', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse([]));
    renderWithProviders(<CollectionsPage goals={[]} />, { route: '/collections' });
    expect(await screen.findByText('No collections yet')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New collection' }));
    expect(screen.getByRole('region', { name: 'New collection' })).toBeInTheDocument();
    expect(screen.queryByText('No collections yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create a collection' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('No collections yet')).toBeInTheDocument();
  });
});
