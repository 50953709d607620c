import { useId, useState, type FormEvent } from 'react';
import { parseTier } from '@stride/domain/plans/limits';
import { useCurrentUser } from '../../../lib/current-user';
import { tierLabel } from '../../../lib/format';
import { useUpgradeDialog } from '../../../lib/upgrade-dialog';
import { useSyncSubscription } from '../api/sync-subscription';
import { useBillingPortal } from '../hooks/use-billing-portal';
import { syncFailure, syncOutcome, type SyncOutcome } from '../lib/sync-messages';
import { BillingNoticeDialog } from './billing-notice-dialog';

const statusLabel = { active: 'Active', canceled: 'Canceled', past_due: 'Past due' } as const;

/** The profile's subscription section: plan, status, Sync, Upgrade (lite) or Manage subscription. */
export function SubscriptionSection() {
  const id = useId();
  const { user, refresh, patchUser } = useCurrentUser();
  const { openUpgradeDialog } = useUpgradeDialog();
  const sync = useSyncSubscription();
  const portal = useBillingPortal();
  const [outcome, setOutcome] = useState<SyncOutcome | null>(null);
  const [showEmail, setShowEmail] = useState(false);
  const [email, setEmail] = useState('');
  if (!user) return null;

  const runSync = (withEmail?: string) => {
    sync.mutate(withEmail, {
      onSuccess: (result) => {
        const next = syncOutcome(result, withEmail);
        setOutcome(next);
        if (next.askEmail) setShowEmail(true);
        if (next.tier) {
          patchUser({ subscriptionTier: parseTier(next.tier) });
          void refresh();
        }
      },
      onError: (error) => setOutcome(syncFailure(error)),
    });
  };

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) runSync(email.trim());
  };

  return (
    <section className="card card--padded" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        Subscription
      </h2>
      <dl className="detail-list">
        <div>
          <dt>Plan</dt>
          <dd>
            <span className={`tier-badge tier-badge--${user.subscriptionTier}`}>
              {tierLabel(user.subscriptionTier)}
            </span>
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`pill pill--${user.subscriptionStatus}`}>{statusLabel[user.subscriptionStatus]}</span>
          </dd>
        </div>
      </dl>
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => runSync()} disabled={sync.isPending}>
          {sync.isPending ? 'Syncing…' : 'Sync'}
        </button>
        {user.subscriptionTier === 'lite' ? (
          <button type="button" className="button button--primary" onClick={() => openUpgradeDialog('general')}>
            Upgrade to Pro
          </button>
        ) : (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void portal.open()}
            disabled={portal.opening}
          >
            {portal.opening ? 'Opening…' : 'Manage subscription'}
          </button>
        )}
      </div>
      {outcome ? (
        <p className={`notice notice--${outcome.tone}`} role="status" data-testid="sync-message">
          {outcome.text}
        </p>
      ) : null}
      {showEmail ? (
        <form className="inline-form" onSubmit={submitEmail}>
          <label htmlFor={`${id}-email`}>Stripe email</label>
          <input
            id={`${id}-email`}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="billing@example.com"
          />
          <button
            type="submit"
            className="button button--secondary button--sm"
            disabled={!email.trim() || sync.isPending}
          >
            Sync with this email
          </button>
        </form>
      ) : null}
      <p className="muted small">
        Sync checks the payment provider for your subscription if your plan looks out of date.
      </p>
      <BillingNoticeDialog notice={portal.notice} onClose={portal.clearNotice} />
    </section>
  );
}
