import { Link } from 'react-router-dom';
import { Dialog } from '../../../components/dialog';
import { PageLoading } from '../../../components/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import type { UpgradeTrigger } from '../../../lib/upgrade-dialog';
import { usePlans } from '../api/get-plans';
import { useCheckout } from '../hooks/use-checkout';
import { UPGRADE_FOOTER, upgradeCopy, upgradePlanOptions } from '../lib/upgrade-plans';

interface UpgradeDialogProps {
  readonly trigger: UpgradeTrigger;
  readonly onClose: () => void;
}

/**
 * Spec section 2: plans with price, description and the first three features, 'Recommended' on the
 * recommended one; pro for lite users, basic plus pro for others; the fixed footer text.
 */
export default function UpgradeDialog({ trigger, onClose }: UpgradeDialogProps) {
  const { user } = useCurrentUser();
  const plans = usePlans();
  const { startCheckout, pendingPlan } = useCheckout(`upgrade_dialog_${trigger}`);
  const copy = upgradeCopy[trigger];
  const options = plans.data ? upgradePlanOptions(user?.subscriptionTier ?? 'free', plans.data) : [];

  return (
    <Dialog
      open
      onClose={onClose}
      title={copy.title}
      description={copy.description}
      size="lg"
      footer={<p className="upgrade-dialog__footer">{UPGRADE_FOOTER}</p>}
    >
      {plans.isPending ? (
        <PageLoading label="Loading plans…" />
      ) : plans.isError ? (
        <p className="form-error" role="alert">
          Plans could not be loaded.{' '}
          <Link to="/pricing" onClick={onClose}>
            See pricing
          </Link>
        </p>
      ) : (
        <div className="upgrade-dialog__plans" data-testid="upgrade-plans">
          {options.map(({ plan, recommended, features }) => (
            <article
              key={plan.id}
              className={`upgrade-plan${recommended ? ' upgrade-plan--recommended' : ''}`}
              aria-labelledby={`upgrade-${plan.id}`}
            >
              {recommended ? <span className="upgrade-plan__tag">Recommended</span> : null}
              <h3 id={`upgrade-${plan.id}`} className="upgrade-plan__name">
                {plan.name}
              </h3>
              <p className="upgrade-plan__price">{plan.priceDisplay}</p>
              <p className="upgrade-plan__description">{plan.description}</p>
              <ul className="check-list">
                {features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <button
                type="button"
                className={`button button--block ${recommended ? 'button--primary' : 'button--secondary'}`}
                disabled={!plan.stripePriceId || pendingPlan !== null}
                onClick={() => void startCheckout(plan)}
              >
                {pendingPlan === plan.id ? 'Opening checkout…' : `Upgrade to ${plan.name}`}
              </button>
            </article>
          ))}
        </div>
      )}
    </Dialog>
  );
}
