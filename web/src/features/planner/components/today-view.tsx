import { useState } from 'react';
import type { PlannedTaskRow, TodayTaskRow } from '@stride/domain/contracts/planner';
import type { GoalChoice } from '@stride/domain/quick-add/goal-match';
import { energyLevels, type EnergyLevel } from '@stride/domain/tasks/energy-workflow';
import { PageLoading } from '../../../components/spinner';
import { formatMinutes } from '../../../lib/format';
import { useMoveOverdue } from '../api/move-overdue';
import { useScheduleTask } from '../api/schedule-task';
import { useToday } from '../api/get-today';
import { MOVE_TARGETS, shortDateOf } from '../lib/plan-words';
import { HabitStreakBadge } from './habit-streak-badge';
import { QuickAddBox } from './quick-add-box';
import { WeekStrip } from './week-strip';

/**
 * The time the user has for today's plan in all (compared with the planned minutes: "more than fits"), up to
 * a working day. Not the energy view's "Time available now" (one sitting): docs/decisions.md.
 */
const TIME_CHOICES = [null, 30, 60, 120, 240, 480] as const;

interface TodayViewProps {
  /** Completes a task (the tasks feature's action, wired by the route). */
  readonly onComplete: (task: PlannedTaskRow) => void;
  readonly completingId?: string | null;
  /** The user's active goals, for the quick-add box's `#tag`. */
  readonly goals: readonly GoalChoice[];
}

function TaskLine({
  task,
  today,
  suggested,
  children,
}: {
  readonly task: TodayTaskRow;
  readonly today: string;
  readonly suggested?: boolean;
  readonly children: React.ReactNode;
}) {
  return (
    <li className={`plan-task${suggested ? ' plan-task--suggested' : ''}`}>
      <div className="plan-task__body">
        <span className="plan-task__title">{task.title}</span>
        <HabitStreakBadge streak={task.habit_streak} />
        <span className="plan-task__meta">
          {task.goal_title} · {formatMinutes(task.estimated_minutes)} · {task.energy_level} energy
          {task.series_id ? ' · repeats' : ''}
          {task.due_date ? ` · due ${shortDateOf(task.due_date, today)}` : ''}
          {suggested ? ' · fits now' : ''}
        </span>
      </div>
      <div className="plan-task__actions">{children}</div>
    </li>
  );
}

/**
 * Today, the daily home: what is planned for today (and what fits the energy and time the user has), the
 * planned minutes against the time available, earlier days' unfinished tasks to move without fuss, what
 * can still be planned, and the week's planned minutes.
 */
export function TodayView({ onComplete, completingId = null, goals }: TodayViewProps) {
  const [energy, setEnergy] = useState<EnergyLevel | undefined>(undefined);
  const [available, setAvailable] = useState<number | undefined>(undefined);
  const today = useToday({
    ...(energy !== undefined && { energy }),
    ...(available !== undefined && { availableMinutes: available }),
  });
  const move = useMoveOverdue();
  const schedule = useScheduleTask();

  if (today.isPending) return <PageLoading label="Loading today's plan…" />;
  if (today.isError) {
    return (
      <p className="form-error" role="alert">
        Today's plan could not be loaded: {today.error.message}
      </p>
    );
  }
  const plan = today.data;
  const suggested = new Set(plan.suggested_ids);
  const filtering = energy !== undefined || available !== undefined;
  const doneButton = (task: PlannedTaskRow) => (
    <button
      type="button"
      className="button button--secondary button--sm"
      onClick={() => onComplete(task)}
      disabled={completingId === task.id}
      aria-label={`Done: ${task.title}`}
    >
      Done
    </button>
  );

  return (
    <section className="card card--padded today" aria-labelledby="today-title">
      <header className="card__header card__header--stack">
        <h2 id="today-title" className="card__title">
          Today's plan
        </h2>
        <p className="card__subtitle" aria-live="polite">
          {formatMinutes(plan.planned_minutes)} planned
          {plan.available_minutes !== null ? ` of ${formatMinutes(plan.available_minutes)} available` : ''}
          {plan.over_by_minutes > 0 ? ` · ${formatMinutes(plan.over_by_minutes)} more than fits: move something?` : ''}
        </p>
      </header>
      <QuickAddBox goals={goals} />
      <div className="field-row today__filters">
        <div className="field field--inline">
          <label htmlFor="today-energy">My energy</label>
          <select
            id="today-energy"
            value={energy ?? ''}
            onChange={(event) => setEnergy((event.target.value || undefined) as EnergyLevel | undefined)}
          >
            <option value="">Any</option>
            {energyLevels.map((level) => (
              <option key={level} value={level}>
                {level[0]!.toUpperCase() + level.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div className="field field--inline">
          <label htmlFor="today-time">Time available today</label>
          <select
            id="today-time"
            value={available ?? ''}
            onChange={(event) => setAvailable(event.target.value ? Number(event.target.value) : undefined)}
          >
            {TIME_CHOICES.map((minutes) => (
              <option key={minutes ?? 'any'} value={minutes ?? ''}>
                {minutes === null ? 'Any time' : formatMinutes(minutes)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <h3 className="today__heading">Planned for today</h3>
      {plan.planned.length === 0 ? (
        <p className="muted">Nothing planned yet. Pick something below, or press Q to add a task.</p>
      ) : (
        <ul className="plan-list" aria-label="Planned for today">
          {plan.planned
            .filter((task) => !filtering || suggested.has(task.id))
            .map((task) => (
              <TaskLine key={task.id} task={task} today={plan.today} suggested={filtering && suggested.has(task.id)}>
                {doneButton(task)}
              </TaskLine>
            ))}
        </ul>
      )}
      {filtering && plan.planned.some((task) => !suggested.has(task.id)) ? (
        <p className="small muted">
          {plan.planned.filter((task) => !suggested.has(task.id)).length} planned tasks don't fit right now.
        </p>
      ) : null}

      {plan.overdue.length > 0 ? (
        <div className="today__earlier">
          <h3 className="today__heading">From earlier days</h3>
          <p className="small muted">Plans change. Pick a new day for these, one by one or all together.</p>
          <div className="button-row" role="group" aria-label="Move all earlier tasks">
            {MOVE_TARGETS.map(({ target, label }) => (
              <button
                key={target}
                type="button"
                className="button button--ghost button--sm"
                disabled={move.isPending}
                onClick={() => move.mutate({ target })}
              >
                All to {label.toLowerCase()}
              </button>
            ))}
          </div>
          <ul className="plan-list" aria-label="From earlier days">
            {plan.overdue.map((task) => (
              <TaskLine key={task.id} task={task} today={plan.today}>
                {MOVE_TARGETS.map(({ target, label }) => (
                  <button
                    key={target}
                    type="button"
                    className="button button--ghost button--sm"
                    disabled={move.isPending}
                    aria-label={`Move ${task.title} to ${label.toLowerCase()}`}
                    onClick={() => move.mutate({ target, taskIds: [task.id] })}
                  >
                    {label}
                  </button>
                ))}
              </TaskLine>
            ))}
          </ul>
        </div>
      ) : null}

      {plan.unplanned.length > 0 ? (
        <details className="today__unplanned">
          <summary>Not planned yet ({plan.unplanned.length})</summary>
          <ul className="plan-list">
            {plan.unplanned.map((task) => (
              <TaskLine key={task.id} task={task} today={plan.today}>
                <button
                  type="button"
                  className="button button--secondary button--sm"
                  disabled={schedule.isPending}
                  aria-label={`Plan ${task.title} for today`}
                  onClick={() => schedule.mutate({ goalId: task.goal_id, taskId: task.id, doDate: plan.today })}
                >
                  Plan for today
                </button>
              </TaskLine>
            ))}
          </ul>
        </details>
      ) : null}

      <h3 className="today__heading">This week</h3>
      <WeekStrip week={plan.week} today={plan.today} />
    </section>
  );
}
