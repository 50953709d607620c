import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiClient } from '../../../lib/api-client';
import { addBreadcrumb, clearErrorUser } from '../../../lib/error-reporting';
import { emitProductEvent } from '../../../lib/product-events';
import { wipeOnSignOut } from '../../../lib/storage';

/**
 * Spec section 4, "Sign-out": cached data is cleared (query cache, product-prefixed local storage with
 * the user's onboarding progress, the read-your-writes position, the error-reporting user) and the
 * session is ended by `endSession`; then back to '/', or to `landing` (a page that says why, as after
 * "Delete my account").
 *
 * The browser goes there from an effect of the auth provider, once the signed-out app has rendered: the
 * signed-out router first sends the page being left (say /user-profile) to '/' from its own effect (the
 * router's location changes in a transition, so it renders the old location first), and a provider's
 * effects run after its children's, so the landing is the last word, query and all.
 */
export function useSignOutCleanup(endSession: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [landing, setLanding] = useState<string | null>(null);

  useEffect(() => {
    if (landing === null) return;
    navigate(landing, { replace: true });
    setLanding(null);
  }, [landing, navigate]);

  return useCallback(
    async (to = '/') => {
      emitProductEvent('session_ended');
      addBreadcrumb({ category: 'auth', message: 'Signed out' });
      await queryClient.cancelQueries();
      queryClient.clear();
      wipeOnSignOut();
      apiClient.resetSession();
      clearErrorUser();
      await endSession();
      setLanding(to);
    },
    [endSession, queryClient],
  );
}
