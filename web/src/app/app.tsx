import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from '../components/toaster';
import { useAuthSession } from '../lib/auth-session';
import { useCurrentUser } from '../lib/current-user';
import { AppErrorBoundary, RootErrorBoundary } from './error-boundaries/app-error-boundary';
import { LoadingGate } from './gates/loading-gate';
import { AppProviders } from './providers';
import { SignedInRoutes, SignedOutRoutes } from './router';

/** Signed-out router, or (once the user record is loaded) the signed-in router. */
function AppRoutes() {
  const auth = useAuthSession();
  const current = useCurrentUser();
  if (auth.status === 'loading') return <LoadingGate />;
  if (auth.status === 'signed-out') return <SignedOutRoutes />;
  if (current.status !== 'ready') return <LoadingGate />;
  return <SignedInRoutes />;
}

export function App() {
  return (
    <StrictMode>
      <RootErrorBoundary>
        <BrowserRouter>
          <AppProviders>
            <AppErrorBoundary>
              <AppRoutes />
            </AppErrorBoundary>
          </AppProviders>
          <Toaster />
        </BrowserRouter>
      </RootErrorBoundary>
    </StrictMode>
  );
}
