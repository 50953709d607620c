import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '../../../lib/current-user';
import { UpgradeDialogContext } from '../../../lib/upgrade-dialog';
import { currentUserValue, makeUser } from '../../../test/render';
import { useBillingPortal } from './use-billing-portal';

describe('Manage subscription', () => {
  it('opens the upgrade dialog for a free user without calling any portal endpoint', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const openUpgradeDialog = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <CurrentUserContext.Provider value={currentUserValue(makeUser({ subscriptionTier: 'free' }))}>
        <UpgradeDialogContext.Provider value={{ openUpgradeDialog }}>{children}</UpgradeDialogContext.Provider>
      </CurrentUserContext.Provider>
    );
    const { result } = renderHook(() => useBillingPortal(), { wrapper });
    await act(() => result.current.open());
    expect(openUpgradeDialog).toHaveBeenCalledWith('general');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(result.current.notice).toBeNull();
  });
});
