import { createContext, useContext } from 'react';
import type { DevSession } from '../lib/dev-session';

/** Only inside the auth feature: the dev provider lets its sign-in form start a session. */
export const DevSignInContext = createContext<((session: DevSession) => void) | null>(null);

export function useDevSessionStarter() {
  return useContext(DevSignInContext);
}
