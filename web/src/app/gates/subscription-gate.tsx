import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../../lib/current-user';
import { InactiveSubscriptionScreen } from './inactive-subscription-screen';
import { inactiveSubscriptionRedirect, isSubscriptionInactive } from './subscription-rules';

/**
 * Spec section 4: a canceled or past_due user on a non-free tier is redirected to /pricing (except on the
 * exempt paths) and sees the inactive screen there; its button reveals the plans.
 */
export function SubscriptionGate({ children }: { readonly children: ReactNode }) {
  const { user } = useCurrentUser();
  const location = useLocation();
  const redirect = inactiveSubscriptionRedirect(user, location.pathname);
  if (redirect) return <Navigate to={redirect} replace />;
  const showPlans = (location.state as { showPlans?: boolean } | null)?.showPlans === true;
  if (location.pathname === '/pricing' && isSubscriptionInactive(user) && !showPlans)
    return <InactiveSubscriptionScreen />;
  return <>{children}</>;
}
