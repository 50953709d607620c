import { useEffect, useRef } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { checkExpiredSubscriptions } from '../api/check-expired-subscriptions';

/**
 * When a paid user's grace period has already ended (the banner is hidden then), ask the server once to
 * apply the downgrade and reload the user record so limits and the tier are current.
 */
export function useExpiredGraceCheck(now: number = Date.now()) {
  const { user, refresh } = useCurrentUser();
  const checkedFor = useRef<string | null>(null);
  const graceEnd = user?.gracePeriodEndsAt ?? null;
  const expired = Boolean(
    user && graceEnd && user.paymentFailedAt && user.subscriptionTier !== 'free' && Date.parse(graceEnd) <= now,
  );
  useEffect(() => {
    if (!expired || !graceEnd || checkedFor.current === graceEnd) return;
    checkedFor.current = graceEnd;
    checkExpiredSubscriptions()
      .then((result) => (result.downgraded.length > 0 ? refresh() : undefined))
      .catch(() => undefined);
  }, [expired, graceEnd, refresh]);
}
