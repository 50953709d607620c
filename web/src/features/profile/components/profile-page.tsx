import type { ReactNode } from 'react';
import { useAuthSession } from '../../../lib/auth-session';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate, initials, tierLabel } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ACCOUNT_DELETED_LANDING } from './account-deleted-notice';
import { DeleteMyAccount } from './delete-my-account';
import { DownloadMyData } from './download-my-data';
import { TimeZoneSetting } from './time-zone-setting';
import { UsageBars } from './usage-bars';

export const PROFILE_LOADING_TEXT = 'Loading your profile…';

/** /user-profile, "Manage account". The subscription section comes from billing (composed by the app). */
export function ProfilePage({ subscription }: { readonly subscription: ReactNode }) {
  useDocumentTitle('Manage account');
  const { user, status } = useCurrentUser();
  const auth = useAuthSession();

  if (status !== 'ready' || !user) {
    return (
      <div className="page page-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>{PROFILE_LOADING_TEXT}</span>
      </div>
    );
  }

  return (
    <div className="page page--narrow">
      <section className="profile-hero card card--padded" aria-label="Profile">
        {auth.user?.imageUrl ? (
          <img className="avatar avatar--xl" src={auth.user.imageUrl} alt="" />
        ) : (
          <span className="avatar avatar--xl" aria-hidden="true">
            {initials(user.name, user.email)}
          </span>
        )}
        <div className="profile-hero__text">
          <h1 className="profile-hero__name">{user.name || 'Your account'}</h1>
          <p className="profile-hero__email">{user.email}</p>
          <span className={`tier-badge tier-badge--${user.subscriptionTier}`}>
            {tierLabel(user.subscriptionTier)} plan
          </span>
        </div>
      </section>

      <section className="card card--padded" aria-labelledby="account-info-title">
        <h2 id="account-info-title" className="card__title">
          Account information
        </h2>
        <dl className="detail-list">
          <div>
            <dt>Full name</dt>
            <dd>{user.name || '—'}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Member since</dt>
            <dd>{formatDate(user.createdAt)}</dd>
          </div>
        </dl>
      </section>

      {subscription}

      <section className="card card--padded" aria-labelledby="usage-title">
        <h2 id="usage-title" className="card__title">
          This month's usage
        </h2>
        <UsageBars user={user} />
        <p className="muted small">Counters reset at the start of each month.</p>
      </section>

      <TimeZoneSetting current={user.timeZone} />

      <DownloadMyData />

      <DeleteMyAccount onDeleted={() => auth.signOut(ACCOUNT_DELETED_LANDING)} />

      <div className="profile-signout">
        <button type="button" className="button button--ghost button--danger-text" onClick={() => void auth.signOut()}>
          Sign out
        </button>
      </div>
    </div>
  );
}
