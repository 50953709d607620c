import { lazy, Suspense, type ReactNode } from 'react';
import { usePublicConfig } from '../../../lib/public-config';
import { DevAuthProvider } from './dev-auth-provider';

const ClerkAuthProvider = lazy(() => import('./clerk-auth-provider'));

/** Chooses the identity provider from the public config (the caller has checked the Clerk key). */
export function AuthProvider({ children, fallback }: { readonly children: ReactNode; readonly fallback: ReactNode }) {
  const config = usePublicConfig();
  if (config.authMode === 'clerk' && config.clerkPublishableKey) {
    return (
      <Suspense fallback={fallback}>
        <ClerkAuthProvider publishableKey={config.clerkPublishableKey}>{children}</ClerkAuthProvider>
      </Suspense>
    );
  }
  return <DevAuthProvider>{children}</DevAuthProvider>;
}
