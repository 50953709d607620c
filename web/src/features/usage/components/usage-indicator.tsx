import { Icon } from '../../../components/icon';
import { useCurrentUser } from '../../../lib/current-user';
import { formatLimit, tierLabel } from '../../../lib/format';
import { indicatorTone } from '../lib/usage-tone';

const toneLabel = { ok: '', warning: ' (nearly at the limit)', full: ' (limit reached)' } as const;

/** Header usage indicator: tier, goals used/limit and AI used/limit; orange at 80%, red at 100%. */
export function UsageIndicator({ compact = false }: { readonly compact?: boolean }) {
  const { user } = useCurrentUser();
  if (!user) return null;
  const goalsTone = indicatorTone(user.goalsThisMonth, user.goalsLimit);
  const aiTone = indicatorTone(user.aiGenerationsThisMonth, user.aiGenerationsLimit);
  return (
    <div
      className={`usage-indicator${compact ? ' usage-indicator--compact' : ''}`}
      aria-label="Usage this month"
      role="group"
    >
      <span className={`tier-badge tier-badge--${user.subscriptionTier}`}>{tierLabel(user.subscriptionTier)}</span>
      <span className="usage-indicator__item" data-tone={goalsTone} data-testid="usage-goals">
        <Icon name="target" size={13} strokeWidth={2.5} className="usage-indicator__icon" />
        <span className="usage-indicator__label">Goals</span>
        <span className="usage-indicator__value">
          {user.goalsThisMonth}/{formatLimit(user.goalsLimit)}
        </span>
        <span className="visually-hidden">{toneLabel[goalsTone]}</span>
      </span>
      <span className="usage-indicator__item" data-tone={aiTone} data-testid="usage-ai">
        <Icon name="sparkles" size={13} strokeWidth={2.5} className="usage-indicator__icon" />
        <span className="usage-indicator__label">AI</span>
        <span className="usage-indicator__value">
          {user.aiGenerationsThisMonth}/{formatLimit(user.aiGenerationsLimit)}
        </span>
        <span className="visually-hidden">{toneLabel[aiTone]}</span>
      </span>
    </div>
  );
}
