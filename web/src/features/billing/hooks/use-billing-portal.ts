import { useCallback, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { emitProductEvent } from '../../../lib/product-events';
import { usePublicConfig } from '../../../lib/public-config';
import { useUpgradeDialog } from '../../../lib/upgrade-dialog';
import {
  createBillingPortalDirect,
  createBillingPortalSession,
  createBillingPortalSimple,
} from '../api/billing-portal';

export interface BillingNotice {
  readonly title: string;
  readonly message: string;
  readonly detail?: string;
}

export const PORTAL_FALLBACK_MESSAGE = 'Unable to open billing portal';

const go = (url: string) => {
  emitProductEvent('billing_portal_accessed');
  window.location.assign(url);
};

/**
 * Manage subscription (spec section 8's "Manage Subscription", in sentence case): tries the direct
 * endpoint, then the service one, then the simple one. Manual configuration shows the server's message
 * and instruction. A free user gets the upgrade dialog straight away (no portal calls); others, on final
 * failure, a notice with the message and the support address.
 */
export function useBillingPortal() {
  const { user } = useCurrentUser();
  const { supportEmail } = usePublicConfig();
  const { openUpgradeDialog } = useUpgradeDialog();
  const [opening, setOpening] = useState(false);
  const [notice, setNotice] = useState<BillingNotice | null>(null);

  const open = useCallback(async () => {
    if (!user) return;
    // A free user has no subscription to manage: the upgrade dialog at once, without walking the
    // portal endpoints into 404s (issue 13, item 16).
    if (user.subscriptionTier === 'free') {
      openUpgradeDialog('general');
      return;
    }
    setOpening(true);
    let lastMessage: string | null = null;
    try {
      try {
        const direct = await createBillingPortalDirect(user.email);
        if (direct.requiresManualConfig) {
          setNotice({
            title: 'Billing portal needs setting up',
            message: direct.message || PORTAL_FALLBACK_MESSAGE,
            ...(direct.instruction ? { detail: direct.instruction } : {}),
          });
          return;
        }
        if (direct.success && direct.url) return go(direct.url);
        lastMessage = direct.message || null;
      } catch (error) {
        lastMessage = isApiError(error) ? error.message : lastMessage;
      }
      try {
        const session = await createBillingPortalSession();
        if (session.url) return go(session.url);
      } catch (error) {
        lastMessage = isApiError(error) ? error.message : lastMessage;
      }
      try {
        const simple = await createBillingPortalSimple(user.email);
        if (simple.url) return go(simple.url);
        lastMessage = simple.message || lastMessage;
      } catch (error) {
        lastMessage = isApiError(error) ? error.message : lastMessage;
      }
      setNotice({
        title: 'We could not open the billing portal',
        message: lastMessage || PORTAL_FALLBACK_MESSAGE,
        detail: `Please contact support at ${supportEmail} for assistance with managing your subscription.`,
      });
    } finally {
      setOpening(false);
    }
  }, [openUpgradeDialog, supportEmail, user]);

  return { open, opening, notice, clearNotice: () => setNotice(null) };
}
