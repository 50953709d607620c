import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { ClerkProvider, SignIn, SignUp, useAuth, useClerk, useUser } from '@clerk/clerk-react';
import { useNavigate } from 'react-router-dom';
import { apiClient } from '../../../lib/api-client';
import { AuthSessionContext, type AuthSession } from '../../../lib/auth-session';
import { useSignOutCleanup } from '../hooks/use-sign-out-cleanup';

/**
 * AUTH_MODE=clerk. This module is only loaded lazily, so the dev build never ships Clerk.
 */
function ClerkBridge({ children }: { readonly children: ReactNode }) {
  const { isLoaded, isSignedIn, getToken } = useAuth();
  const { user } = useUser();
  const clerk = useClerk();

  useEffect(() => {
    apiClient.setTokenProvider(() => getToken());
  }, [getToken]);

  const endSession = useCallback(() => clerk.signOut(), [clerk]);
  const signOut = useSignOutCleanup(endSession);

  const value = useMemo<AuthSession>(() => {
    const status = !isLoaded ? 'loading' : isSignedIn && user ? 'signed-in' : 'signed-out';
    return {
      mode: 'clerk',
      status,
      user:
        status === 'signed-in' && user
          ? {
              id: user.id,
              email: user.primaryEmailAddress?.emailAddress ?? '',
              name: user.fullName ?? user.username ?? '',
              imageUrl: user.imageUrl ?? null,
              publicMetadata: {
                subscriptionTier:
                  typeof user.publicMetadata?.subscriptionTier === 'string'
                    ? user.publicMetadata.subscriptionTier
                    : undefined,
              },
            }
          : null,
      getToken: () => getToken(),
      signOut,
    };
  }, [isLoaded, isSignedIn, user, getToken, signOut]);

  return <AuthSessionContext.Provider value={value}>{children}</AuthSessionContext.Provider>;
}

export default function ClerkAuthProvider({
  publishableKey,
  children,
}: {
  readonly publishableKey: string;
  readonly children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <ClerkProvider
      publishableKey={publishableKey}
      routerPush={(to: string) => navigate(to)}
      routerReplace={(to: string) => navigate(to, { replace: true })}
      afterSignOutUrl="/"
    >
      <ClerkBridge>{children}</ClerkBridge>
    </ClerkProvider>
  );
}

export function ClerkSignIn() {
  return <SignIn routing="path" path="/sign-in" signUpUrl="/sign-up" fallbackRedirectUrl="/daily" />;
}

export function ClerkSignUp() {
  return <SignUp routing="path" path="/sign-up" signInUrl="/sign-in" fallbackRedirectUrl="/complete-setup" />;
}
