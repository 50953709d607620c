import { useNavigate } from 'react-router-dom';
import { Icon } from '../../components/icon';

export const INACTIVE_TITLE = 'SUBSCRIPTION INACTIVE';
export const INACTIVE_TEXT = 'Your subscription is inactive. Reactivate or choose a new plan to continue.';

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
        <button
          type="button"
          className="button button--primary button--lg"
          onClick={() => navigate('/pricing', { state: { showPlans: true } })}
        >
          View Plans &amp; Reactivate
        </button>
      </section>
    </div>
  );
}
