import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { AuthSessionContext, type AuthSession } from '../lib/auth-session';
import { LoadErrorNotice } from './load-error-notice';

const session = (signOut: () => Promise<void>): AuthSession => ({
  mode: 'dev',
  status: 'signed-in',
  user: null,
  getToken: async () => 'token',
  signOut,
});

describe('LoadErrorNotice', () => {
  it('given a failure a retry can fix, then it offers to try again', async () => {
    const onRetry = vi.fn();
    const signOut = vi.fn(async () => undefined);
    render(
      <AuthSessionContext.Provider value={session(signOut)}>
        <LoadErrorNotice what="your goals" error={new ApiError(500, 'boom')} onRetry={onRetry} />
      </AuthSessionContext.Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('given a refused session (a deleted account), then it says so and offers to sign in again, not to retry', async () => {
    const onRetry = vi.fn();
    const signOut = vi.fn(async () => undefined);
    render(
      <AuthSessionContext.Provider value={session(signOut)}>
        <LoadErrorNotice
          what="your goals"
          error={new ApiError(401, 'deleted', undefined, 'account_deleted')}
          onRetry={onRetry}
        />
      </AuthSessionContext.Provider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This account was deleted. Sign in again to start a new, empty account.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(signOut).toHaveBeenCalledOnce();
    expect(onRetry).not.toHaveBeenCalled();
  });
});
