import { useState } from 'react';
import { apiClient } from '../../../lib/api-client';

/** POST /api/user/delete-my-account: erases the caller for good. */
export const deleteMyAccount = () => apiClient.post<{ erased: true }>('/user/delete-my-account');

/**
 * "Delete my account" (right to erasure): asks once more, then erases the account: the user's personal data
 * becomes unreadable everywhere, their goals, tasks and collections disappear and their Stripe customer is
 * deleted. Afterwards the user is signed out (`onDeleted`), landing where the deletion is confirmed
 * (`ACCOUNT_DELETED_LANDING`).
 */
export function DeleteMyAccount({
  erase = deleteMyAccount,
  onDeleted,
}: {
  readonly erase?: typeof deleteMyAccount;
  readonly onDeleted: () => void | Promise<void>;
}) {
  const [status, setStatus] = useState<'idle' | 'confirming' | 'busy' | 'error'>('idle');
  const [error, setError] = useState('');

  const confirm = async () => {
    setStatus('busy');
    try {
      await erase();
      await onDeleted();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setStatus('error');
    }
  };

  return (
    <section className="card card--padded" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="card__title">
        Delete my account
      </h2>
      <p className="muted">
        Deleting your account erases your name, email, and everything you wrote — goals, tasks, notes and collections —
        and cancels your billing record with Stripe. It cannot be undone: download your data first if you want a copy.
      </p>
      {status === 'idle' ? (
        <div className="button-row">
          <button
            type="button"
            className="button button--ghost button--danger-text"
            onClick={() => setStatus('confirming')}
          >
            Delete my account
          </button>
        </div>
      ) : (
        <div role="group" aria-label="Confirm account deletion">
          <p className="small">Are you sure? This permanently deletes your account.</p>
          <div className="button-row">
            <button
              type="button"
              className="button button--danger"
              onClick={() => void confirm()}
              disabled={status === 'busy'}
              aria-busy={status === 'busy'}
            >
              {status === 'busy' ? 'Deleting your account…' : 'Yes, delete my account permanently'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setStatus('idle')}
              disabled={status === 'busy'}
            >
              Keep my account
            </button>
          </div>
        </div>
      )}
      {status === 'error' ? (
        <p className="form-error" role="alert">
          Your account could not be deleted: {error}
        </p>
      ) : null}
    </section>
  );
}
