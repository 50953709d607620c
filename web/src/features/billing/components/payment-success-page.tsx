import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { tierLabel } from '../../../lib/format';
import { emitProductEvent } from '../../../lib/product-events';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { syncSubscription } from '../api/sync-subscription';
import { Icon } from '../../../components/icon';

/** /payment-success?success=true: confirms the new plan (syncing it from the payment provider). */
export function PaymentSuccessPage() {
  useDocumentTitle('Payment successful');
  const [params] = useSearchParams();
  const success = params.get('success') === 'true';
  const { user, refresh, patchUser } = useCurrentUser();
  const [state, setState] = useState<'syncing' | 'done' | 'pending'>(success ? 'syncing' : 'done');
  const started = useRef(false);

  useEffect(() => {
    if (!success || !user || started.current) return;
    started.current = true;
    emitProductEvent('checkout_completed');
    syncSubscription()
      .then((result) => {
        const tier = result.subscription?.tier;
        if (tier) patchUser({ subscriptionTier: tier, subscriptionStatus: result.subscription?.status ?? 'active' });
        return refresh().then(() => setState(tier ? 'done' : 'pending'));
      })
      .catch(() => refresh().then(() => setState('pending')));
  }, [success, user, refresh, patchUser]);

  if (!success) {
    return (
      <div className="page page--narrow center-card">
        <div className="card card--padded result-card">
          <h1 className="result-card__title">No payment was taken</h1>
          <p className="muted">The checkout was cancelled or did not finish. You can pick a plan again at any time.</p>
          <Link to="/pricing" className="button button--primary">
            Back to pricing
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="page page--narrow center-card">
      <div className="card card--padded result-card result-card--success" data-testid="payment-success">
        <div className="result-card__badge" aria-hidden="true">
          <Icon name="checkCircle" size={36} />
        </div>
        <h1 className="result-card__title">Payment successful!</h1>
        {state === 'syncing' ? (
          <p className="muted" role="status">
            <Spinner size="sm" /> Activating your plan…
          </p>
        ) : (
          <p className="result-card__text" role="status">
            {state === 'done' && user ? (
              <>
                Welcome to <strong>{tierLabel(user.subscriptionTier)}</strong>. Your new limits are ready to use.
              </>
            ) : (
              <>Thank you! Your plan will show as upgraded within a minute. You can also sync it from Manage account.</>
            )}
          </p>
        )}
        <div className="result-card__actions">
          <Link to="/daily" className="button button--primary">
            Go to today
          </Link>
          <Link to="/user-profile" className="button button--ghost">
            View my plan
          </Link>
        </div>
      </div>
    </div>
  );
}
