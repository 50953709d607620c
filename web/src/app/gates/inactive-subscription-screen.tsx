import { useNavigate } from 'react-router-dom';
import { Icon } from '../../components/icon';

export const INACTIVE_TITLE = 'SUBSCRIPTION INACTIVE';
export const INACTIVE_TEXT =
  'Your subscription has ended. Continue on Free (your goals and history stay) or choose a plan.';
export const CONTINUE_ON_FREE = 'Continue on Free';

export function InactiveSubscriptionScreen() {
  const navigate = useNavigate();
  return (
    <div className="page page--narrow center-card">
      <section className="card card--padded inactive-card" aria-labelledby="inactive-title">
        <div className="inactive-card__icon" aria-hidden="true">
          <Icon name="pause" size={32} />
        </div>
        <h1 id="inactive-title" className="inactive-card__title">
          {INACTIVE_TITLE}
        </h1>
        <p className="inactive-card__text">{INACTIVE_TEXT}</p>
        <button type="button" className="button button--primary button--lg" onClick={() => navigate('/goals')}>
          {CONTINUE_ON_FREE}
        </button>
        <button
          type="button"
          className="button button--secondary button--lg"
          onClick={() => navigate('/pricing', { state: { showPlans: true } })}
        >
          View plans &amp; reactivate
        </button>
      </section>
    </div>
  );
}
