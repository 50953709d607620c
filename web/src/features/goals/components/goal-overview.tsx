import { Link } from 'react-router-dom';
import type { GoalRow } from '@stride/domain/contracts/goals';
import { PageLoading } from '../../../components/spinner';
import { categoryLabel, goalProgress } from '../lib/goal-options';
import { Icon } from '../../../components/icon';
import { LoadErrorNotice } from '../../../components/load-error-notice';

interface GoalOverviewProps {
  readonly goals: readonly GoalRow[] | undefined;
  readonly isLoading: boolean;
  readonly selectedId: string | null;
  readonly onSelect: (goalId: string) => void;
  /** The read failed: a retry notice shows above the (possibly empty) list. */
  readonly error?: unknown;
  readonly onRetry?: () => void;
  readonly retrying?: boolean;
}

/** The daily page's list of active goals; choosing one shows its tasks. */
export function GoalOverview({ goals, isLoading, selectedId, onSelect, error, onRetry, retrying }: GoalOverviewProps) {
  return (
    <section className="card goal-overview" aria-labelledby="goal-overview-title">
      <header className="card__header">
        <h2 id="goal-overview-title" className="card__title">
          Active goals
        </h2>
        <Link to="/goals?new=1" className="button button--ghost button--sm">
          <Icon name="plus" size={16} /> New
        </Link>
      </header>
      {error && onRetry ? (
        <LoadErrorNotice what="your goals" error={error} onRetry={onRetry} retrying={retrying ?? false} />
      ) : null}
      {isLoading ? (
        <PageLoading label="Loading goals…" />
      ) : !goals || goals.length === 0 ? (
        <div className="goal-overview__empty">
          <p>No active goals yet.</p>
          <Link to="/goals?new=1" className="button button--primary button--sm">
            Create your first goal
          </Link>
        </div>
      ) : (
        <ul className="goal-overview__list">
          {goals.map((goal) => {
            const progress = goalProgress(goal);
            const selected = goal.id === selectedId;
            return (
              <li key={goal.id}>
                <button
                  type="button"
                  className={`goal-overview__item${selected ? ' is-selected' : ''}`}
                  aria-pressed={selected}
                  onClick={() => onSelect(goal.id)}
                >
                  <span className="goal-overview__name">{goal.title}</span>
                  <span className="goal-overview__meta">
                    {categoryLabel(goal.category)} · {goal.completed_task_count}/{goal.task_count} tasks
                  </span>
                  <span className="mini-progress" aria-hidden="true">
                    <span className="mini-progress__fill" style={{ width: `${progress}%` }} />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
