import { useState } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { tierLabel } from '../../../lib/format';
import { readString, storageKeys, writeString } from '../../../lib/storage';
import { useSubscriptionStatus } from '../api/get-subscription-status';

export const planEndedText = (tier: string) =>
  `Your ${tierLabel(tier)} plan has ended and you're on Free now. Your goals and history stay.`;

/**
 * Issue 13, item 4: after a downgrade (grace period over, or the subscription ended) the user is told once,
 * until dismissed. Asked only of users on Free (nobody else can have an ended plan to show).
 */
export function PlanEndedNotice() {
  const { user } = useCurrentUser();
  const status = useSubscriptionStatus(user?.subscriptionTier === 'free');
  const ended = user?.subscriptionTier === 'free' ? (status.data?.endedPlan ?? null) : null;
  const key = ended ? storageKeys.planEndedDismissed(ended.tier, ended.reason) : null;
  const [dismissed, setDismissed] = useState(false);
  if (!ended || !key || dismissed || readString(key) === '1') return null;
  return (
    <div className="payment-banner payment-banner--warning" role="status" data-testid="plan-ended-notice">
      <p className="payment-banner__text">{planEndedText(ended.tier)}</p>
      <div className="payment-banner__actions">
        <button
          type="button"
          className="icon-button payment-banner__dismiss"
          aria-label="Dismiss plan notice"
          onClick={() => {
            writeString(key, '1');
            setDismissed(true);
          }}
        >
          ×
        </button>
      </div>
    </div>
  );
}
