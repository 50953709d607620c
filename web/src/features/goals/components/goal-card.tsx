import { Link } from 'react-router-dom';
import type { GoalRow } from '@stride/domain/contracts/goals';
import { goalPath } from '../../../lib/goal-path';
import { DropdownMenu, type MenuItem } from '../../../components/dropdown-menu';
import { formatShortDate } from '../../../lib/format';
import { categoryLabel, goalProgress, priorityLabel, statusLabel } from '../lib/goal-options';

interface GoalCardProps {
  readonly goal: GoalRow;
  readonly onEdit?: (goal: GoalRow) => void;
  readonly onStatus?: (goal: GoalRow, status: GoalRow['status']) => void;
  readonly onDelete?: (goal: GoalRow) => void;
  readonly extraActions?: readonly MenuItem[];
}

export function GoalCard({ goal, onEdit, onStatus, onDelete, extraActions = [] }: GoalCardProps) {
  const progress = goalProgress(goal);
  const items: MenuItem[] = [];
  if (onEdit && goal.status === 'active') items.push({ key: 'edit', label: 'Edit goal', onSelect: () => onEdit(goal) });
  if (onStatus && goal.status === 'active') {
    items.push({ key: 'complete', label: 'Mark as completed', onSelect: () => onStatus(goal, 'completed') });
    items.push({ key: 'abandon', label: 'Abandon goal', onSelect: () => onStatus(goal, 'abandoned') });
  }
  if (onStatus && goal.status !== 'active')
    items.push({ key: 'reactivate', label: 'Reactivate', onSelect: () => onStatus(goal, 'active') });
  items.push(...extraActions);
  if (onDelete) items.push({ key: 'delete', label: 'Delete goal', tone: 'danger', onSelect: () => onDelete(goal) });

  return (
    <article className={`goal-card goal-card--${goal.status}`} aria-labelledby={`goal-${goal.id}-title`}>
      <div className="goal-card__top">
        <div className="goal-card__chips">
          <span className="chip">{categoryLabel(goal.category)}</span>
          <span className={`chip chip--priority-${goal.priority}`}>{priorityLabel(goal.priority)}</span>
          {goal.status !== 'active' ? (
            <span className={`chip chip--status-${goal.status}`}>{statusLabel(goal.status)}</span>
          ) : null}
        </div>
        {items.length > 0 ? (
          <DropdownMenu
            buttonLabel={<span aria-hidden="true">⋯</span>}
            buttonAriaLabel={`Actions for ${goal.title}`}
            buttonClassName="icon-button"
            items={items}
          />
        ) : null}
      </div>
      <h3 className="goal-card__title" id={`goal-${goal.id}-title`}>
        {goal.status === 'active' ? (
          <Link className="goal-card__link" to={goalPath(goal.id)}>
            {goal.title}
          </Link>
        ) : (
          goal.title
        )}
      </h3>
      {goal.description ? <p className="goal-card__description">{goal.description}</p> : null}
      <div className="goal-card__progress">
        <div
          className="mini-progress"
          role="progressbar"
          aria-label={`${goal.title} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <div className="mini-progress__fill" style={{ width: `${progress}%` }} />
        </div>
        <span className="goal-card__progress-text">
          {goal.completed_task_count}/{goal.task_count} tasks
        </span>
      </div>
      <div className="goal-card__meta">
        {goal.status === 'completed' && goal.completed_at ? (
          <span>Completed {formatShortDate(goal.completed_at)}</span>
        ) : goal.target_date ? (
          <span>Target {formatShortDate(goal.target_date)}</span>
        ) : (
          <span>Started {formatShortDate(goal.created_at)}</span>
        )}
      </div>
    </article>
  );
}
