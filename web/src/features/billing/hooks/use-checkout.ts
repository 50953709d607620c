import { useCallback, useState } from 'react';
import { useAuthSession } from '../../../lib/auth-session';
import { errorMessage } from '../../../lib/format';
import { emitProductEvent } from '../../../lib/product-events';
import { toast } from '../../../lib/toast';
import { createCheckoutSession } from '../api/create-checkout-session';
import type { Plan } from '../api/get-plans';

/**
 * Starts a checkout for a plan and sends the browser to the payment page. Spec section 5: does nothing
 * without a signed-in user or a price identifier.
 */
export function useCheckout(source: string) {
  const { user } = useAuthSession();
  const [pendingPlan, setPendingPlan] = useState<string | null>(null);

  const startCheckout = useCallback(
    async (plan: Plan) => {
      if (!user || !plan.stripePriceId) return false;
      setPendingPlan(plan.id);
      emitProductEvent('upgrade_clicked', { plan: plan.id, source });
      emitProductEvent('checkout_started', { plan: plan.id, source });
      try {
        const session = await createCheckoutSession({ priceId: plan.stripePriceId });
        window.location.assign(session.url);
        return true;
      } catch (error) {
        emitProductEvent('checkout_failed', { plan: plan.id });
        toast.error(`Could not start checkout: ${errorMessage(error)}`);
        setPendingPlan(null);
        return false;
      }
    },
    [source, user],
  );

  return { startCheckout, pendingPlan };
}
