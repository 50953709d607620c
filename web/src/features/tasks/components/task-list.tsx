import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { MinutesField, parseMinutes, TASK_MINUTES } from '../../../components/minutes-field';
import { useAddTasks } from '../api/add-tasks';
import { useReorderTasks } from '../api/reorder-tasks';
import { useUpdateTask } from '../api/update-task';
import { useTaskActions } from '../hooks/use-task-actions';
import { ENERGY_LEVELS, type EnergyLevel } from '../lib/energy';
import { TaskEditDialog } from './task-edit-dialog';
import { TaskItem, type TaskReorderProps } from './task-item';
import { TimeDialog } from './time-dialog';

const ORDER: Record<TaskRow['status'], number> = { in_progress: 0, todo: 1, done: 2 };

function AddTaskForm({ goalId }: { readonly goalId: string }) {
  const id = useId();
  const add = useAddTasks();
  const [title, setTitle] = useState('');
  const [minutes, setMinutes] = useState('30');
  const [energy, setEnergy] = useState<EnergyLevel>('medium');
  /** Whether an add was tried with minutes the API would refuse (the field then says what to type). */
  const [triedMinutes, setTriedMinutes] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    const estimated = parseMinutes(minutes, TASK_MINUTES);
    if (estimated === null) {
      setTriedMinutes(true);
      document.getElementById(`${id}-minutes`)?.focus(); // where what to type is said
      return;
    }
    add.mutate(
      { goalId, tasks: [{ title: title.trim(), estimated_minutes: estimated, energy_level: energy }] },
      {
        onSuccess: () => {
          setTitle('');
          setTriedMinutes(false);
        },
      },
    );
  };

  return (
    <form className="add-task" onSubmit={submit} aria-label="Add a task" noValidate>
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
      <MinutesField
        id={`${id}-minutes`}
        label="Estimated minutes"
        hideLabel
        className="add-task__minutes"
        value={minutes}
        onChange={setMinutes}
        bounds={TASK_MINUTES}
        showError={triedMinutes}
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

/**
 * The list with `task` moved to `to` (an index in `list`). Tasks stay grouped by status (in progress, to do,
 * done), so a task moves only among tasks of its own status.
 */
export function movedWithin(list: readonly TaskRow[], taskId: string, to: number): TaskRow[] | null {
  const from = list.findIndex((task) => task.id === taskId);
  const target = list[to];
  if (from < 0 || !target || from === to || target.status !== list[from]!.status) return null;
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** Moving tasks by buttons, Alt+Arrow keys and drag and drop, announced in a live region. */
function useTaskReorder(goalId: string, visible: readonly TaskRow[]) {
  const reorder = useReorderTasks();
  const [announcement, setAnnouncement] = useState('');
  const [dragId, setDragId] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);
  const refocus = useRef<{ taskId: string; direction: 'up' | 'down' } | null>(null);

  useEffect(() => {
    const pending = refocus.current;
    if (!pending) return;
    refocus.current = null;
    const item = document.querySelector<HTMLElement>(`[data-task-id="${CSS.escape(pending.taskId)}"]`);
    const other = pending.direction === 'up' ? 'down' : 'up';
    const button =
      item?.querySelector<HTMLButtonElement>(`button[data-move="${pending.direction}"]:not([disabled])`) ??
      item?.querySelector<HTMLButtonElement>(`button[data-move="${other}"]:not([disabled])`);
    button?.focus();
  });

  const moveTo = (task: TaskRow, to: number) => {
    const next = movedWithin(visible, task.id, to);
    if (!next) return false;
    reorder.mutate({ goalId, taskIds: next.map((item) => item.id) });
    setAnnouncement(`Moved “${task.title}” to position ${to + 1} of ${next.length}.`);
    return true;
  };

  const propsFor = (task: TaskRow, index: number): TaskReorderProps => ({
    canMoveUp: visible[index - 1]?.status === task.status,
    canMoveDown: visible[index + 1]?.status === task.status,
    onMove: (moved, offset) => {
      if (moveTo(moved, index + offset)) refocus.current = { taskId: moved.id, direction: offset < 0 ? 'up' : 'down' };
    },
    dragging: dragId === task.id,
    dropTarget: overId === task.id && dragId !== task.id,
    drag: {
      draggable: true,
      onDragStart: (event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', task.id);
        setDragId(task.id);
      },
      onDragOver: (event) => {
        const dragged = visible.find((item) => item.id === dragId);
        if (!dragged || dragged.status !== task.status) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        if (overId !== task.id) setOverId(task.id);
      },
      onDrop: (event) => {
        event.preventDefault();
        const dragged = visible.find((item) => item.id === dragId);
        if (dragged) moveTo(dragged, index);
        setDragId(null);
        setOverId(null);
      },
      onDragEnd: () => {
        setDragId(null);
        setOverId(null);
      },
    },
  });

  return { announcement, propsFor };
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
  const { announcement, propsFor } = useTaskReorder(goalId, visible);
  const update = useUpdateTask();
  const [editing, setEditing] = useState<TaskRow | null>(null);

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
          {visible.map((task, index) => (
            <TaskItem
              key={task.id}
              task={task}
              busy={actions.busyTaskId === task.id}
              onStart={actions.onStart}
              onComplete={actions.onComplete}
              onLogTime={actions.onLogTime}
              onReopen={actions.onReopen}
              onDelete={actions.onDelete}
              onEdit={setEditing}
              reorder={propsFor(task, index)}
              extras={renderExtras?.(task)}
            />
          ))}
        </ul>
      )}
      <p className="visually-hidden" aria-live="polite" data-testid="task-order-announcement">
        {announcement}
      </p>
      <AddTaskForm goalId={goalId} />
      <TaskEditDialog
        task={editing}
        busy={update.isPending}
        onClose={() => setEditing(null)}
        onSubmit={(changes) =>
          editing &&
          update.mutate({ goalId: editing.goal_id, taskId: editing.id, changes }, { onSuccess: () => setEditing(null) })
        }
      />
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
