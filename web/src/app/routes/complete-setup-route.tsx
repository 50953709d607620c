import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../components/spinner';
import { useCurrentUser } from '../../lib/current-user';
import { tierLabel } from '../../lib/format';
import { clearIntendedPlan, readIntendedPlan } from '../../lib/intended-plan';
import { usePlans } from '../../features/billing/api/get-plans';
import { useCheckout } from '../../features/billing/hooks/use-checkout';
import { CompleteSetupPage } from '../../features/onboarding/components/complete-setup-page';

/**
 * /complete-setup, where sign-up lands. When the visitor chose a paid plan before signing up ("Start
 * with Pro"), the new account goes straight on to that plan's checkout; otherwise (or if the checkout
 * cannot start) the ordinary complete-setup page.
 */
export default function CompleteSetupRoute() {
  const { user } = useCurrentUser();
  const [intended] = useState(() => readIntendedPlan());
  const plans = usePlans();
  const { startCheckout } = useCheckout('signup_chosen_plan');
  const started = useRef(false);
  const [failed, setFailed] = useState(false);
  const plan = intended ? plans.data?.find((p) => p.id === intended && p.stripePriceId) : undefined;
  const waitingForPlans = Boolean(intended) && plans.isPending;

  useEffect(() => {
    if (!user || !plan || started.current) return;
    started.current = true;
    clearIntendedPlan();
    if (user.subscriptionTier === plan.id) return;
    void startCheckout(plan).then((ok) => {
      if (!ok) setFailed(true);
    });
  }, [plan, startCheckout, user]);

  useEffect(() => {
    if (intended && plans.isSuccess && !plan) clearIntendedPlan();
  }, [intended, plan, plans.isSuccess]);

  const onTheWay = !failed && (waitingForPlans || (plan && user && user.subscriptionTier !== plan.id));
  if (onTheWay) {
    return (
      <div className="page page--narrow center-card" role="status" data-testid="checkout-handoff">
        <Spinner />{' '}
        <span>Your account is ready. Taking you to the {plan?.name ?? tierLabel(intended ?? '')} checkout…</span>
      </div>
    );
  }
  return <CompleteSetupPage />;
}
