import { Link } from 'react-router-dom';
import { useAuthSession } from '../../lib/auth-session';
import { useCurrentUser } from '../../lib/current-user';
import { PricingPlans } from '../../features/billing/components/pricing-plans';
import { useCheckout } from '../../features/billing/hooks/use-checkout';
import { signUpHref } from '../../lib/intended-plan';
import { LandingPage } from '../../features/content/components/landing-page';
import { AccountDeletedNotice } from '../../features/profile/components/account-deleted-notice';

function LandingPricing() {
  const { status } = useAuthSession();
  const { user } = useCurrentUser();
  const { startCheckout, pendingPlan } = useCheckout('landing_pricing');
  const signedIn = status === 'signed-in';
  return (
    <PricingPlans
      currentTier={user?.subscriptionTier ?? null}
      renderAction={(plan) => {
        if (!signedIn) {
          return (
            <Link
              to={signUpHref(plan.id)}
              className={`button button--block ${plan.popular ? 'button--primary' : 'button--secondary'}`}
            >
              {plan.priceCents === 0 ? 'Start free' : `Start with ${plan.name}`}
            </Link>
          );
        }
        if (plan.id === user?.subscriptionTier) {
          return (
            <button type="button" className="button button--secondary button--block" disabled>
              Current plan
            </button>
          );
        }
        if (plan.priceCents === 0) {
          return (
            <Link to="/daily" className="button button--ghost button--block">
              Go to today
            </Link>
          );
        }
        return (
          <button
            type="button"
            className={`button button--block ${plan.popular ? 'button--primary' : 'button--secondary'}`}
            disabled={!plan.stripePriceId || pendingPlan !== null}
            onClick={() => void startCheckout(plan)}
          >
            {pendingPlan === plan.id ? 'Opening checkout…' : `Upgrade to ${plan.name}`}
          </button>
        );
      }}
    />
  );
}

export default function LandingRoute() {
  return (
    <>
      <AccountDeletedNotice />
      <LandingPage pricing={<LandingPricing />} />
    </>
  );
}
