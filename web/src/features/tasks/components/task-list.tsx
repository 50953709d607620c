import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { useAddTasks } from '../api/add-tasks';
import { useTaskActions } from '../hooks/use-task-actions';
import { ENERGY_LEVELS, type EnergyLevel } from '../lib/energy';
import { TaskItem } from './task-item';
import { TimeDialog } from './time-dialog';

const ORDER: Record<TaskRow['status'], number> = { in_progress: 0, todo: 1, done: 2 };

function AddTaskForm({ goalId }: { readonly goalId: string }) {
  const id = useId();
  const add = useAddTasks();
  const [title, setTitle] = useState('');
  const [minutes, setMinutes] = useState('30');
  const [energy, setEnergy] = useState<EnergyLevel>('medium');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    const estimated = Math.min(1440, Math.max(1, Number(minutes) || 30));
    add.mutate(
      { goalId, tasks: [{ title: title.trim(), estimated_minutes: estimated, energy_level: energy }] },
      { onSuccess: () => setTitle('') },
    );
  };

  return (
    <form className="add-task" onSubmit={submit} aria-label="Add a task">
      <label htmlFor={`${id}-title`} className="visually-hidden">
        New task
      </label>
      <input
        id={`${id}-title`}
        className="add-task__title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        placeholder="Add a task…"
        maxLength={200}
      />
      <label htmlFor={`${id}-minutes`} className="visually-hidden">
        Estimated minutes
      </label>
      <input
        id={`${id}-minutes`}
        className="add-task__minutes"
        type="number"
        min={1}
        max={1440}
        value={minutes}
        onChange={(e) => setMinutes(e.target.value)}
      />
      <label htmlFor={`${id}-energy`} className="visually-hidden">
        Energy needed
      </label>
      <select id={`${id}-energy`} value={energy} onChange={(e) => setEnergy(e.target.value as EnergyLevel)}>
        {ENERGY_LEVELS.map((level) => (
          <option key={level.value} value={level.value}>
            {level.label} energy
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary" disabled={add.isPending || !title.trim()}>
        Add
      </button>
    </form>
  );
}

/** The tasks of one goal, open ones first, with start / complete / log time and a quick-add form. */
export function TaskList({
  goalId,
  tasks,
  renderExtras,
}: {
  readonly goalId: string;
  readonly tasks: readonly TaskRow[];
  /** What to show under each task (the app passes the breakdowns feature's sub-steps). */
  readonly renderExtras?: (task: TaskRow) => ReactNode;
}) {
  const actions = useTaskActions();
  const visible = tasks.filter((t) => !t.deleted_at).sort((a, b) => ORDER[a.status] - ORDER[b.status]);
  const done = visible.filter((t) => t.status === 'done').length;

  return (
    <div className="task-list">
      <div className="task-list__header">
        <h3 className="task-list__title">Tasks</h3>
        <span className="muted small">
          {done} of {visible.length} done
        </span>
      </div>
      {visible.length === 0 ? (
        <p className="task-list__empty">No tasks yet. Use the AI breakdown above or add your first step below.</p>
      ) : (
        <ul className="task-list__items">
          {visible.map((task) => (
            <TaskItem
              key={task.id}
              task={task}
              busy={actions.busyTaskId === task.id}
              onStart={actions.onStart}
              onComplete={actions.onComplete}
              onLogTime={actions.onLogTime}
              onReopen={actions.onReopen}
              onDelete={actions.onDelete}
              extras={renderExtras?.(task)}
            />
          ))}
        </ul>
      )}
      <AddTaskForm goalId={goalId} />
      <TimeDialog
        task={actions.dialog?.task ?? null}
        mode={actions.dialog?.mode ?? 'complete'}
        busy={actions.dialogBusy}
        onClose={actions.closeDialog}
        onSubmit={actions.submitDialog}
      />
    </div>
  );
}
