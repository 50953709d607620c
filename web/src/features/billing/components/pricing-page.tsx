import { Link } from 'react-router-dom';
import { CHECKOUT_CANCELLED_FLAG } from '@stride/domain/contracts/billing';
import { PageHeader } from '../../../components/page-header';
import { ReturnNotice } from '../../../components/return-notice';
import { useAuthSession } from '../../../lib/auth-session';
import { signUpHref } from '../../../lib/intended-plan';
import { SectionErrorBoundary } from '../../../components/section-error-boundary';
import { useCurrentUser } from '../../../lib/current-user';
import { usePublicConfig } from '../../../lib/public-config';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { Plan } from '../api/get-plans';
import { useCheckout } from '../hooks/use-checkout';
import { PricingPlans } from './pricing-plans';

const FAQ = [
  {
    q: 'Can I cancel at any time?',
    a: 'Yes. Cancel from Manage account whenever you like; you keep your plan until the end of the period you paid for, then move to Free. Your goals and history stay.',
  },
  {
    q: 'What happens when I reach my monthly limit?',
    a: 'Everything you already have keeps working. You just cannot create more goals or AI breakdowns until the next month starts, or until you upgrade.',
  },
  {
    q: 'What counts as an AI breakdown?',
    a: 'Each time you ask Stride to break a goal into tasks counts as one, however many tasks it suggests.',
  },
  {
    q: 'Do you offer discounts?',
    a: 'If Pro is out of reach right now, write to us — we would rather help you reach your goals than lose you over price.',
  },
];

/** Shown once after the checkout's cancel link brings the browser back here (DEFAULT_CHECKOUT_CANCEL_PATH). */
export const CHECKOUT_CANCELLED_TEXT = 'Checkout cancelled — you have not been charged, and your plan is unchanged.';

export function PricingPage() {
  useDocumentTitle('Pricing');
  const { user } = useCurrentUser();
  const { supportEmail } = usePublicConfig();
  const { startCheckout, pendingPlan } = useCheckout('pricing_page');
  const currentTier = user?.subscriptionTier ?? null;
  const signedOut = useAuthSession().status !== 'signed-in';

  const action = (plan: Plan) => {
    if (signedOut) {
      return (
        <Link
          to={signUpHref(plan.id)}
          className={`button button--block ${plan.popular ? 'button--primary' : 'button--secondary'}`}
        >
          {plan.priceCents === 0 ? 'Start free' : `Start with ${plan.name}`}
        </Link>
      );
    }
    if (plan.id === currentTier) {
      return (
        <button type="button" className="button button--secondary button--block" disabled>
          Current plan
        </button>
      );
    }
    if (plan.priceCents === 0) {
      return (
        <button type="button" className="button button--ghost button--block" disabled>
          {currentTier && currentTier !== 'free' ? 'Available any time' : 'Free forever'}
        </button>
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
  };

  return (
    <div className="page page--wide">
      <PageHeader
        eyebrow="Pricing"
        title="Simple plans that grow with your ambition"
        subtitle="Start free. Upgrade when you want more goals and more AI help — cancel anytime."
      />
      <ReturnNotice flag={CHECKOUT_CANCELLED_FLAG} testId="checkout-cancelled-notice">
        {CHECKOUT_CANCELLED_TEXT}
      </ReturnNotice>
      <SectionErrorBoundary name="pricing-plans">
        <PricingPlans currentTier={currentTier} renderAction={action} />
      </SectionErrorBoundary>
      <section className="faq" aria-labelledby="pricing-faq">
        <h2 id="pricing-faq" className="section-title">
          Questions, answered
        </h2>
        <dl className="faq__list">
          {FAQ.map((item) => (
            <div key={item.q} className="faq__item">
              <dt>{item.q}</dt>
              <dd>{item.a}</dd>
            </div>
          ))}
        </dl>
        <p className="muted">
          Need help affording Pro?{' '}
          <a href={`mailto:${supportEmail}?subject=Help%20affording%20Stride%20Pro`}>Email us</a>.
        </p>
      </section>
    </div>
  );
}
