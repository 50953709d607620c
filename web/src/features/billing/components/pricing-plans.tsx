import type { ReactNode } from 'react';
import { PageLoading } from '../../../components/spinner';
import { aiPerMonthText, goalsPerMonthText } from '@stride/domain/plans/plan-features';
import { usePlans, type Plan } from '../api/get-plans';

interface PricingPlansProps {
  /** The call to action of each plan card. */
  readonly renderAction: (plan: Plan) => ReactNode;
  readonly currentTier?: string | null;
}

/** The current (non-legacy) plans, cheapest first, as cards. */
export function PricingPlans({ renderAction, currentTier }: PricingPlansProps) {
  const plans = usePlans();
  if (plans.isPending) return <PageLoading label="Loading plans…" />;
  if (plans.isError) {
    return (
      <p className="form-error" role="alert">
        Plans could not be loaded right now. Please refresh the page.
      </p>
    );
  }
  const visible = plans.data
    .filter((p) => !p.legacy && (p.id !== 'team' || currentTier === 'team'))
    .sort((a, b) => a.priceCents - b.priceCents);
  return (
    <div className="pricing-grid">
      {visible.map((plan) => {
        const current = plan.id === currentTier;
        const [amount, period] = plan.priceCents > 0 ? plan.priceDisplay.split('/') : ['$0', 'month'];
        return (
          <article
            key={plan.id}
            className={`pricing-card${plan.popular ? ' pricing-card--popular' : ''}${current ? ' pricing-card--current' : ''}`}
            aria-labelledby={`plan-${plan.id}`}
          >
            {plan.popular ? <span className="pricing-card__tag">Most popular</span> : null}
            {current ? <span className="pricing-card__tag pricing-card__tag--current">Your plan</span> : null}
            <h3 id={`plan-${plan.id}`} className="pricing-card__name">
              {plan.name}
            </h3>
            <p className="pricing-card__headline">{plan.headline}</p>
            <p className="pricing-card__price">
              <span className="pricing-card__amount">{amount}</span>
              <span className="pricing-card__period">/{period}</span>
            </p>
            <p className="pricing-card__limits">
              {goalsPerMonthText(plan.limits.goalsPerMonth)} · {aiPerMonthText(plan.limits.aiGenerationsPerMonth)}
            </p>
            <div className="pricing-card__action">{renderAction(plan)}</div>
            <ul className="check-list">
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <p className="pricing-card__best-for">Best for: {plan.bestFor}</p>
          </article>
        );
      })}
    </div>
  );
}
