import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useCurrentUser } from '../../lib/current-user';
import { InactiveSubscriptionScreen } from './inactive-subscription-screen';
import { hasEndedPlan } from './subscription-rules';

/**
 * Never redirects (spec section 4's redirect of past_due users contradicts its own grace period; see
 * docs/decisions.md). On /pricing, a user whose subscription has ended sees the inactive screen first,
 * which offers "Continue on Free" and the plans.
 */
export function SubscriptionGate({ children }: { readonly children: ReactNode }) {
  const { user } = useCurrentUser();
  const location = useLocation();
  const showPlans = (location.state as { showPlans?: boolean } | null)?.showPlans === true;
  if (location.pathname === '/pricing' && hasEndedPlan(user) && !showPlans) return <InactiveSubscriptionScreen />;
  return <>{children}</>;
}
