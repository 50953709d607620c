import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithProviders } from '../../../test/render';
import { GoalsPage } from './goals-page';

const RAW = 'pg: relation "goals_read" does not exist at position 17';

/** Routes fetch by URL; every list call answers with `list`, every create with `create`. */
function serve({ list, create }: { list: () => Response; create?: () => Response }) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/goals/create-simple')) return create ? create() : jsonResponse({}, { status: 500 });
    if (url.includes('/goals/list')) return list();
    return jsonResponse({});
  });
}

describe('GoalsPage when the server fails', () => {
  it('shows a visible "couldn\'t load" notice with a retry, not an empty list, without the server text', async () => {
    let failing = true;
    const fetchSpy = serve({
      list: () => (failing ? jsonResponse({ error: RAW }, { status: 500 }) : jsonResponse([])),
    });
    renderWithProviders(<GoalsPage />, { user: makeUser() });

    const notice = await screen.findByTestId('load-error', {}, { timeout: 5000 });
    expect(notice).toHaveTextContent("We couldn't load your goals.");
    expect(notice).toHaveTextContent('Something went wrong on our side');
    // Nothing was loaded: the page must not say there are no goals (the user may have many).
    expect(screen.queryByText('No active goals yet')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('goals_read');

    failing = false;
    const calls = fetchSpy.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('load-error')).not.toBeInTheDocument());
    expect(fetchSpy.mock.calls.length).toBeGreaterThan(calls);
    expect(await screen.findByText('No active goals yet')).toBeInTheDocument();
  }, 10_000);

  it('keeps the create form open with what was typed when the create fails', async () => {
    serve({ list: () => jsonResponse([]), create: () => jsonResponse({ error: RAW }, { status: 500 }) });
    renderWithProviders(<GoalsPage />, { user: makeUser(), route: '/goals?new=1' });

    const title = await screen.findByLabelText('Goal');
    await userEvent.type(title, 'Read two books');
    await userEvent.type(screen.getByLabelText(/Why it matters/), 'Fiction, before bed');
    await userEvent.click(screen.getByRole('button', { name: 'Create goal' }));

    expect(await screen.findByTestId('goal-form-error')).toHaveTextContent('Failed to create goal. Please try again.');
    expect(screen.getByLabelText('Goal')).toHaveValue('Read two books');
    expect(screen.getByLabelText(/Why it matters/)).toHaveValue('Fiction, before bed');
    expect(document.body.textContent).not.toContain('goals_read');
  }, 20_000);

  it('says how many goals are left this month in one honest wording', async () => {
    serve({ list: () => jsonResponse([]) });
    renderWithProviders(<GoalsPage />, { user: makeUser({ goalsThisMonth: 1, goalsLimit: 1 }) });
    expect(await screen.findByText(/1 of 1 new goal used this month/)).toBeInTheDocument();
  });
});
