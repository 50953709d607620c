import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { useAuthSession } from '../../../lib/auth-session';
import { useCurrentUser } from '../../../lib/current-user';
import { tierLabel } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { isOnboardingCompleted } from '../lib/onboarding-storage';
import { Icon } from '../../../components/icon';

/** /complete-setup: where sign-up lands; the account is created (ensure-user-exists) before it shows. */
export function CompleteSetupPage() {
  useDocumentTitle('Finish setting up');
  const { user, status } = useCurrentUser();
  const storageId = useAuthSession().user?.id ?? user?.id ?? '';
  if (status !== 'ready' || !user) {
    return (
      <div className="page page--narrow center-card" role="status">
        <Spinner /> <span>Setting up your account…</span>
      </div>
    );
  }
  const onboarded = user.onboardingCompleted || isOnboardingCompleted(storageId);
  return (
    <div className="page page--narrow center-card">
      <div className="card card--padded result-card">
        <div className="result-card__badge" aria-hidden="true">
          <Icon name="smile" size={36} />
        </div>
        <h1 className="result-card__title">Your account is ready{user.name ? `, ${user.name.split(' ')[0]}` : ''}</h1>
        <p className="result-card__text">
          You're on the <strong>{tierLabel(user.subscriptionTier)}</strong> plan
          {user.subscriptionTier === 'free'
            ? ': one goal a month and three AI breakdowns to get going.'
            : '. Everything is ready for you.'}
        </p>
        <div className="result-card__actions">
          {onboarded ? (
            <Link to="/daily" className="button button--primary">
              Go to today
            </Link>
          ) : (
            <Link to="/onboarding" className="button button--primary">
              Start the 1-minute setup
            </Link>
          )}
          <Link to={onboarded ? '/goals?new=1' : '/daily'} className="button button--ghost">
            {onboarded ? 'Create a goal' : 'Skip to my dashboard'}
          </Link>
        </div>
      </div>
    </div>
  );
}
