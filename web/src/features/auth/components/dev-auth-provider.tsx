import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { apiClient } from '../../../lib/api-client';
import { AuthSessionContext, type AuthSession } from '../../../lib/auth-session';
import { useSignOutCleanup } from '../hooks/use-sign-out-cleanup';
import { clearDevSession, readDevSession, writeDevSession, type DevSession } from '../lib/dev-session';
import { DevSignInContext } from './dev-auth-context';

/** AUTH_MODE=dev: a bearer token from POST /api/dev/sign-in, kept in local storage. */
export function DevAuthProvider({ children }: { readonly children: ReactNode }) {
  const [session, setSession] = useState<DevSession | null>(() => {
    const stored = readDevSession();
    if (stored) apiClient.setTokenProvider(async () => stored.token);
    return stored;
  });

  const start = useCallback((next: DevSession) => {
    writeDevSession(next);
    apiClient.setTokenProvider(async () => next.token);
    setSession(next);
  }, []);

  const endSession = useCallback(() => {
    clearDevSession();
    setSession(null);
  }, []);
  const signOut = useSignOutCleanup(endSession);

  const value = useMemo<AuthSession>(
    () => ({
      mode: 'dev',
      status: session ? 'signed-in' : 'signed-out',
      user: session
        ? {
            id: session.user.id,
            email: session.user.email,
            name: session.user.name,
            imageUrl: null,
            publicMetadata: {},
          }
        : null,
      getToken: async () => session?.token ?? null,
      signOut,
    }),
    [session, signOut],
  );

  return (
    <DevSignInContext.Provider value={start}>
      <AuthSessionContext.Provider value={value}>{children}</AuthSessionContext.Provider>
    </DevSignInContext.Provider>
  );
}
