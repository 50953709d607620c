import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '../lib/current-user';
import { currentUserValue, makeUser, testQueryClient } from '../test/render';
import { SignedInRoutes, SignedOutRoutes } from './router';

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderRoutes(path: string, signedIn: boolean) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <CurrentUserContext.Provider value={currentUserValue(makeUser())}>
          {signedIn ? <SignedInRoutes /> : <SignedOutRoutes />}
          <Probe />
        </CurrentUserContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const at = () => screen.getByTestId('location').textContent;

// The app shell loads the quick-add parser (chrono-node) when it first renders (useQuickAddParser). Loaded
// here first, so that no test ends with that import still in flight: on a slow machine it finished after
// the file's environment was torn down, and the run failed on the unhandled rejection.
beforeAll(async () => {
  await import('@stride/domain/quick-add/quick-add');
});

describe('signed-in router', () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
  });

  it.each(['/', '/dashboard', '/weekly', '/week', '/calendar', '/monthly', '/sign-in', '/sign-in/factor-one'])(
    'redirects %s to /daily',
    async (path) => {
      renderRoutes(path, true);
      await waitFor(() => expect(at()).toBe('/daily'));
    },
  );

  it.each(['/sign-up', '/sign-up/verify', '/simple-signup'])('redirects %s to /complete-setup', async (path) => {
    renderRoutes(path, true);
    await waitFor(() => expect(at()).toBe('/complete-setup'));
  });

  it('shows the not-found page for unknown paths', async () => {
    renderRoutes('/definitely-not-here', true);
    expect(await screen.findByText('This page took a different path')).toBeInTheDocument();
  });

  it('renders the shell with the current navigation link highlighted', async () => {
    renderRoutes('/completed', true);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const current = nav.querySelector('[aria-current="page"]');
    expect(current).toHaveTextContent('Completed');
  });
});

describe('signed-out router', () => {
  it.each(['/daily', '/goals', '/user-profile', '/whatever'])('redirects %s to /', async (path) => {
    renderRoutes(path, false);
    await waitFor(() => expect(at()).toBe('/'));
  });

  it.each(['/blog', '/about', '/privacy', '/terms', '/pricing', '/get-started', '/sign-in', '/sign-up'])(
    'keeps %s',
    async (path) => {
      renderRoutes(path, false);
      await waitFor(() => expect(at()).toBe(path));
    },
  );
});
