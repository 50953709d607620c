import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { MemoryRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { testQueryClient } from '../../../test/render';
import { useSignOutCleanup } from './use-sign-out-cleanup';

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** An auth provider's shape: the signed-in or the signed-out router, and sign-out from the hook. */
function App({ landing }: { readonly landing?: string }) {
  const [signedIn, setSignedIn] = useState(true);
  const signOut = useSignOutCleanup(() => setSignedIn(false));
  return signedIn ? (
    <Routes>
      <Route path="/user-profile" element={<button onClick={() => void signOut(landing)}>Sign out</button>} />
    </Routes>
  ) : (
    <Routes>
      <Route path="/" element={<Probe />} />
      {/* As the signed-out router does: a signed-in page redirects to '/'. */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

const signOutFromProfile = (landing?: string) => {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={['/user-profile']}>
        <App landing={landing} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
};

describe('useSignOutCleanup', () => {
  it("lands on '/' by default", async () => {
    signOutFromProfile();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('lands where it is asked to, query and all, after the signed-out router’s own redirect', async () => {
    signOutFromProfile('/?account=deleted');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/?account=deleted'));
  });
});
