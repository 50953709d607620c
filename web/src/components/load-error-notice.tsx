import { isApiError } from '../lib/api-client';
import { useAuthSession } from '../lib/auth-session';
import { errorMessage } from '../lib/format';

interface LoadErrorNoticeProps {
  /** What could not be loaded, e.g. 'your goals'. */
  readonly what: string;
  readonly error: unknown;
  readonly onRetry: () => void;
  readonly retrying?: boolean;
}

/**
 * A visible "couldn't load, try again" notice for a failed read. The message comes from the API client,
 * which maps every failure to what to do next (never the server's own text). When the session itself was
 * refused (401: it ended, or its account was deleted), trying again cannot help: the action signs out, so
 * that the person can sign in again.
 */
export function LoadErrorNotice({ what, error, onRetry, retrying = false }: LoadErrorNoticeProps) {
  const auth = useAuthSession();
  const sessionRefused = isApiError(error) && error.status === 401;
  return (
    <div className="load-error" role="alert" data-testid="load-error">
      <p className="load-error__text">
        <strong>We couldn't load {what}.</strong> {errorMessage(error, 'Please try again.')}
      </p>
      {sessionRefused ? (
        <button type="button" className="button button--secondary button--sm" onClick={() => void auth.signOut()}>
          Sign in again
        </button>
      ) : (
        <button type="button" className="button button--secondary button--sm" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Try again'}
        </button>
      )}
    </div>
  );
}
