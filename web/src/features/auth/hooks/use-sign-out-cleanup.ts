import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiClient } from '../../../lib/api-client';
import { addBreadcrumb, clearErrorUser } from '../../../lib/error-reporting';
import { emitProductEvent } from '../../../lib/product-events';
import { wipeOnSignOut } from '../../../lib/storage';

/**
 * Spec section 4, "Sign-out": cached data is cleared (query cache, product-prefixed local storage with
 * the user's onboarding progress, the read-your-writes position, the error-reporting user) and the
 * session is ended by `endSession`; then back to '/'.
 */
export function useSignOutCleanup(endSession: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    emitProductEvent('session_ended');
    addBreadcrumb({ category: 'auth', message: 'Signed out' });
    await queryClient.cancelQueries();
    queryClient.clear();
    wipeOnSignOut();
    apiClient.resetSession();
    clearErrorUser();
    await endSession();
    navigate('/', { replace: true });
  }, [endSession, navigate, queryClient]);
}
