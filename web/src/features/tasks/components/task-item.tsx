import type { HTMLAttributes, KeyboardEvent, ReactNode } from 'react';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { DropdownMenu, type MenuItem } from '../../../components/dropdown-menu';
import { formatMinutes } from '../../../lib/format';
import { energyLabel } from '../lib/energy';
import { Icon } from '../../../components/icon';

interface TaskItemProps {
  readonly task: TaskRow;
  readonly goalTitle?: string;
  readonly busy?: boolean;
  readonly onStart: (task: TaskRow) => void;
  readonly onComplete: (task: TaskRow) => void;
  readonly onLogTime: (task: TaskRow) => void;
  readonly onReopen?: (task: TaskRow) => void;
  readonly onDelete?: (task: TaskRow) => void;
  readonly onEdit?: (task: TaskRow) => void;
  /** Moving the task within its goal's list (Move up / Move down buttons, Alt+ArrowUp/Down, dragging). */
  readonly reorder?: TaskReorderProps;
  /** Shown under the task (e.g. its sub-steps, rendered by another feature). */
  readonly extras?: ReactNode;
}

export interface TaskReorderProps {
  readonly canMoveUp: boolean;
  readonly canMoveDown: boolean;
  readonly onMove: (task: TaskRow, offset: -1 | 1) => void;
  /** The list item's drag and drop handlers and state. */
  readonly drag: HTMLAttributes<HTMLLIElement>;
  readonly dragging: boolean;
  readonly dropTarget: boolean;
}

export function TaskItem({
  task,
  goalTitle,
  busy = false,
  onStart,
  onComplete,
  onLogTime,
  onReopen,
  onDelete,
  onEdit,
  reorder,
  extras,
}: TaskItemProps) {
  const done = task.status === 'done';
  const items: MenuItem[] = [];
  if (done)
    items.push({
      key: 'log',
      label: task.actual_minutes ? 'Edit logged time' : 'Log actual time',
      onSelect: () => onLogTime(task),
    });
  if (onEdit) items.push({ key: 'edit', label: 'Edit task', onSelect: () => onEdit(task) });
  if (done && onReopen) items.push({ key: 'reopen', label: 'Reopen task', onSelect: () => onReopen(task) });
  if (onDelete) items.push({ key: 'delete', label: 'Delete task', tone: 'danger', onSelect: () => onDelete(task) });

  return (
    <li
      className={[
        'task-item',
        `task-item--${task.status}`,
        reorder?.dragging ? 'task-item--dragging' : '',
        reorder?.dropTarget ? 'task-item--drop-target' : '',
      ]
        .filter(Boolean)
        .join(' ')}
      data-testid="task-item"
      data-task-id={task.id}
      onKeyDown={reorder ? (event) => moveByKeyboard(event, task, reorder) : undefined}
      {...reorder?.drag}
    >
      <button
        type="button"
        className="task-item__check"
        aria-label={done ? `${task.title} is done` : `Complete ${task.title}`}
        aria-pressed={done}
        disabled={done || busy}
        onClick={() => onComplete(task)}
      >
        {done ? <Icon name="check" size={14} strokeWidth={3} /> : null}
      </button>
      <div className="task-item__body">
        <p className="task-item__title">{task.title}</p>
        <p className="task-item__meta">
          {goalTitle ? <span className="task-item__goal">{goalTitle}</span> : null}
          <span className={`energy-badge energy-badge--${task.energy_level}`}>
            {energyLabel(task.energy_level)} energy
          </span>
          <span>~{formatMinutes(task.estimated_minutes)}</span>
          {task.actual_minutes ? (
            <span className="task-item__actual">took {formatMinutes(task.actual_minutes)}</span>
          ) : null}
          {task.source === 'ai' ? (
            <span className="task-item__ai" title="Suggested by AI">
              AI
            </span>
          ) : null}
          {task.status === 'in_progress' ? <span className="pill pill--active">In progress</span> : null}
        </p>
        {extras}
      </div>
      <div className="task-item__actions">
        {task.status === 'todo' ? (
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => onStart(task)}
            disabled={busy}
          >
            Start
          </button>
        ) : null}
        {task.status === 'in_progress' ? (
          <button
            type="button"
            className="button button--primary button--sm"
            onClick={() => onComplete(task)}
            disabled={busy}
          >
            Complete
          </button>
        ) : null}
        {done && !task.actual_minutes ? (
          <button type="button" className="button button--ghost button--sm" onClick={() => onLogTime(task)}>
            Log time
          </button>
        ) : null}
        {reorder ? (
          <span className="task-item__move">
            <button
              type="button"
              className="icon-button"
              data-move="up"
              aria-label={`Move ${task.title} up`}
              title="Move up (Alt+↑)"
              disabled={!reorder.canMoveUp}
              onClick={() => reorder.onMove(task, -1)}
            >
              <span aria-hidden="true">▲</span>
            </button>
            <button
              type="button"
              className="icon-button"
              data-move="down"
              aria-label={`Move ${task.title} down`}
              title="Move down (Alt+↓)"
              disabled={!reorder.canMoveDown}
              onClick={() => reorder.onMove(task, 1)}
            >
              <span aria-hidden="true">▼</span>
            </button>
          </span>
        ) : null}
        {items.length > 0 ? (
          <DropdownMenu
            buttonLabel={<span aria-hidden="true">⋯</span>}
            buttonAriaLabel={`More actions for ${task.title}`}
            buttonClassName="icon-button"
            items={items}
          />
        ) : null}
      </div>
    </li>
  );
}

/** Alt+ArrowUp / Alt+ArrowDown anywhere in a task moves it (the buttons do the same by mouse or Tab). */
function moveByKeyboard(event: KeyboardEvent<HTMLLIElement>, task: TaskRow, reorder: TaskReorderProps) {
  if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
  const offset = event.key === 'ArrowUp' ? -1 : 1;
  if (offset === -1 ? !reorder.canMoveUp : !reorder.canMoveDown) return;
  event.preventDefault();
  reorder.onMove(task, offset);
}
