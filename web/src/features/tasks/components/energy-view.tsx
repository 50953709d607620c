import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageLoading } from '../../../components/spinner';
import { formatMinutes } from '../../../lib/format';
import { useEnergyTasks } from '../api/get-energy-tasks';
import { useTaskActions } from '../hooks/use-task-actions';
import { ENERGY_LEVELS, TIME_OPTIONS, type EnergyLevel } from '../lib/energy';
import { TaskItem } from './task-item';
import { TimeDialog } from './time-dialog';
import { Icon } from '../../../components/icon';

/**
 * The energy-based task workflow: pick how much energy you have (and optionally how much time), see the
 * open tasks that fit, start one, complete it and log the actual minutes.
 */
export function EnergyView() {
  const [level, setLevel] = useState<EnergyLevel | null>(null);
  const [minutes, setMinutes] = useState<number | null>(null);
  const tasks = useEnergyTasks(level ? { level, ...(minutes ? { availableMinutes: minutes } : {}) } : null);
  const actions = useTaskActions();
  const total = tasks.data?.reduce((sum, t) => sum + t.estimated_minutes, 0) ?? 0;

  return (
    <section className="card energy-view" aria-labelledby="energy-view-title">
      <header className="card__header card__header--stack">
        <h2 id="energy-view-title" className="card__title">
          Match tasks to your energy
        </h2>
        <p className="card__subtitle">How are you feeling right now?</p>
      </header>
      <div className="energy-picker" role="radiogroup" aria-label="Energy level">
        {ENERGY_LEVELS.map((option) => (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={level === option.value}
            className={`energy-picker__option energy-picker__option--${option.value}${level === option.value ? ' is-selected' : ''}`}
            onClick={() => setLevel(option.value)}
          >
            <span className="energy-picker__icon" aria-hidden="true">
              <Icon name={option.icon} size={22} />
            </span>
            <span className="energy-picker__label">{option.label} energy</span>
            <span className="energy-picker__hint">{option.hint}</span>
          </button>
        ))}
      </div>
      <div className="field field--inline">
        <label htmlFor="energy-minutes">Time available now</label>
        <select
          id="energy-minutes"
          value={minutes ?? ''}
          onChange={(e) => setMinutes(e.target.value ? Number(e.target.value) : null)}
        >
          {TIME_OPTIONS.map((option) => (
            <option key={option.label} value={option.value ?? ''}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {level === null ? (
        <p className="energy-view__prompt">Choose an energy level to see the tasks that fit.</p>
      ) : tasks.isPending ? (
        <PageLoading label="Finding tasks that fit…" />
      ) : tasks.isError ? (
        <p className="form-error" role="alert">
          {tasks.error.message}
        </p>
      ) : tasks.data.length === 0 ? (
        <EmptyState icon={<Icon name="coffee" size={30} />} title="Nothing fits right now">
          No open {level}-energy tasks{minutes ? ` under ${formatMinutes(minutes)}` : ''}. Try another level, or break a
          goal down with AI.
        </EmptyState>
      ) : (
        <>
          <p className="energy-view__summary" aria-live="polite">
            {tasks.data.length} {tasks.data.length === 1 ? 'task fits' : 'tasks fit'} · about {formatMinutes(total)} in
            all
          </p>
          <ul className="task-list__items" aria-label="Tasks that fit your energy">
            {tasks.data.map((task) => (
              <TaskItem
                key={task.id}
                task={task}
                goalTitle={task.goal_title}
                busy={actions.busyTaskId === task.id}
                onStart={actions.onStart}
                onComplete={actions.onComplete}
                onLogTime={actions.onLogTime}
              />
            ))}
          </ul>
        </>
      )}
      <TimeDialog
        task={actions.dialog?.task ?? null}
        mode={actions.dialog?.mode ?? 'complete'}
        busy={actions.dialogBusy}
        onClose={actions.closeDialog}
        onSubmit={actions.submitDialog}
      />
    </section>
  );
}
