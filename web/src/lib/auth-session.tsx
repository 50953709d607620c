import { createContext, useContext } from 'react';

/**
 * The signed-in identity, whichever provider supplies it (dev sign-in form or Clerk). Implemented by the
 * auth feature, provided by app/, read everywhere through `useAuthSession`.
 */
export interface AuthUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly imageUrl: string | null;
  /** The sign-in provider's public metadata: the default tier when user data cannot be read. */
  readonly publicMetadata: { readonly subscriptionTier?: string };
}

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthSession {
  readonly mode: 'dev' | 'clerk';
  readonly status: AuthStatus;
  readonly user: AuthUser | null;
  getToken(): Promise<string | null>;
  /** Clears cached data (queries, product storage), ends the session and goes to `landing` ('/' unless given). */
  signOut(landing?: string): Promise<void>;
}

const signedOut: AuthSession = {
  mode: 'dev',
  status: 'signed-out',
  user: null,
  getToken: async () => null,
  signOut: async () => undefined,
};

export const AuthSessionContext = createContext<AuthSession>(signedOut);

export function useAuthSession(): AuthSession {
  return useContext(AuthSessionContext);
}
