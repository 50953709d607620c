import { useState } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { tierLabel } from '../../../lib/format';
import { emitProductEvent } from '../../../lib/product-events';
import { toast } from '../../../lib/toast';
import { createBillingPortalSession } from '../api/billing-portal';
import { billingClockNow, useSubscriptionStatus } from '../api/get-subscription-status';
import { useExpiredGraceCheck } from '../hooks/use-expired-grace-check';
import { dismissBanner, paymentBannerState } from '../lib/payment-banner';
import { Icon } from '../../../components/icon';

export const PORTAL_FAILURE_TOAST = 'Failed to open billing portal. Please try again.';

/**
 * Spec section 4, "Payment-failure banner". Its countdown follows the billing clock (issue 13, item 4: in
 * test mode an admin can move it), read from the subscription status only while a payment has failed.
 */
export function PaymentFailureBanner({ now: fixedNow }: { readonly now?: number }) {
  const { user } = useCurrentUser();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const status = useSubscriptionStatus(fixedNow === undefined && Boolean(user?.gracePeriodEndsAt));
  const now = fixedNow ?? billingClockNow(status.data, status.dataUpdatedAt);
  useExpiredGraceCheck(now);
  const state = paymentBannerState(user, now);
  if (!state || !user || dismissedFor === `${state.tone}:${state.graceEnd}`) return null;

  const updatePayment = async () => {
    setOpening(true);
    try {
      const { url } = await createBillingPortalSession();
      emitProductEvent('billing_portal_accessed', { source: 'payment_banner' });
      window.location.assign(url);
    } catch {
      toast.error(PORTAL_FAILURE_TOAST);
      setOpening(false);
    }
  };

  return (
    <div
      className={`payment-banner ${state.urgent ? 'payment-banner--urgent' : 'payment-banner--warning'}`}
      role="alert"
      data-testid="payment-banner"
    >
      <span className="payment-banner__icon" aria-hidden="true">
        <Icon name={state.urgent ? 'alertOctagon' : 'alert'} />
      </span>
      <p className="payment-banner__text">
        <strong>Your last payment failed.</strong> Update your payment method within{' '}
        <strong data-testid="payment-banner-days">{state.daysText}</strong> to keep your{' '}
        {tierLabel(user.subscriptionTier)} plan.
      </p>
      <div className="payment-banner__actions">
        <button
          type="button"
          className="button button--sm payment-banner__cta"
          onClick={() => void updatePayment()}
          disabled={opening}
        >
          {opening ? 'Opening…' : 'Update payment'}
        </button>
        <button
          type="button"
          className="icon-button payment-banner__dismiss"
          aria-label="Dismiss payment reminder"
          onClick={() => {
            dismissBanner(state.graceEnd, state.tone);
            setDismissedFor(`${state.tone}:${state.graceEnd}`);
          }}
        >
          ×
        </button>
      </div>
    </div>
  );
}
