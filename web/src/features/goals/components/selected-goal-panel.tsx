import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { GoalRow } from '@stride/domain/contracts/goals';
import { EmptyState } from '../../../components/empty-state';
import { formatDate } from '../../../lib/format';
import { useAiBreakdown } from '../hooks/use-ai-breakdown';
import { categoryLabel, goalProgress } from '../lib/goal-options';
import { Icon } from '../../../components/icon';

interface SelectedGoalPanelProps {
  readonly goal: GoalRow | null;
  /** The task list of the goal (rendered by the tasks feature). */
  readonly tasks: ReactNode;
  /** False when the user has no active goals at all (then the panel invites them to create one). */
  readonly hasGoals?: boolean;
  /** The AI breakdown area (the app passes the breakdowns feature's draft panel); the one-click banner without it. */
  readonly aiBreakdown?: ReactNode;
  /** Progress with sub-steps rolled up (0..100), when known; else done tasks over tasks. */
  readonly progressPercent?: number | undefined;
}

export function SelectedGoalPanel({
  goal,
  tasks,
  hasGoals = true,
  aiBreakdown,
  progressPercent,
}: SelectedGoalPanelProps) {
  const { breakdown, isPending, pendingGoalId, canUseAi } = useAiBreakdown();
  if (!goal) {
    return (
      <section className="card selected-goal" aria-label="Selected goal">
        {hasGoals ? (
          <EmptyState icon={<Icon name="compass" size={30} />} title="Pick a goal to focus on">
            Choose one of your active goals to see its next steps.
          </EmptyState>
        ) : (
          <EmptyState
            icon={<Icon name="target" size={30} />}
            title="Your first goal starts here"
            action={
              <Link to="/goals?new=1" className="button button--primary">
                Create a goal
              </Link>
            }
          >
            Write down one thing you want to make real this month. Then let AI break it into small steps you can start
            today.
          </EmptyState>
        )}
      </section>
    );
  }
  const progress = progressPercent ?? goalProgress(goal);
  const busy = isPending && pendingGoalId === goal.id;
  return (
    <section className="card selected-goal" aria-labelledby="selected-goal-title">
      <header className="selected-goal__header">
        <div>
          <p className="selected-goal__eyebrow">
            {categoryLabel(goal.category)} · {goal.priority} priority
            {goal.target_date ? ` · target ${formatDate(goal.target_date)}` : ''}
          </p>
          <h2 id="selected-goal-title" className="selected-goal__title">
            {goal.title}
          </h2>
          {goal.description ? <p className="selected-goal__description">{goal.description}</p> : null}
        </div>
        <div className="selected-goal__ring" aria-label={`${progress}% of tasks done`} role="img">
          <svg viewBox="0 0 36 36" aria-hidden="true">
            <circle className="ring__track" cx="18" cy="18" r="15.5" />
            <circle
              className="ring__fill"
              cx="18"
              cy="18"
              r="15.5"
              strokeDasharray={`${(progress / 100) * 97.4} 97.4`}
            />
          </svg>
          <span>{progress}%</span>
        </div>
      </header>
      {aiBreakdown ?? (
        <div className="ai-banner">
          <div>
            <p className="ai-banner__title">
              <Icon name="sparkles" size={18} className="ai-banner__icon" /> Break it down with AI
            </p>
            <p className="ai-banner__text">Get a concrete, energy-tagged task list for this goal in seconds.</p>
          </div>
          <button
            type="button"
            className={`button ${canUseAi ? 'button--ai' : 'button--secondary'}`}
            onClick={() => breakdown(goal.id)}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? 'Thinking…' : canUseAi ? 'AI breakdown' : 'Upgrade for more AI'}
          </button>
        </div>
      )}
      {tasks}
    </section>
  );
}
