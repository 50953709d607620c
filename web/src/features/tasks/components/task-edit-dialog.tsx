import { useEffect, useId, useState, type FormEvent } from 'react';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { Dialog } from '../../../components/dialog';
import { MinutesField, parseMinutes, TASK_MINUTES } from '../../../components/minutes-field';
import type { TaskChangesInput } from '../api/update-task';
import { ENERGY_LEVELS, type EnergyLevel } from '../lib/energy';

interface TaskEditDialogProps {
  readonly task: TaskRow | null;
  readonly busy: boolean;
  readonly onClose: () => void;
  /** Only the fields that changed; nothing when none did. */
  readonly onSubmit: (changes: TaskChangesInput) => void;
}

/** Edits a task's title, estimated minutes, energy and notes (the task's description). */
export function TaskEditDialog({ task, busy, onClose, onSubmit }: TaskEditDialogProps) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [minutes, setMinutes] = useState('');
  const [energy, setEnergy] = useState<EnergyLevel>('medium');
  const [notes, setNotes] = useState('');
  useEffect(() => {
    if (!task) return;
    setTitle(task.title);
    setMinutes(String(task.estimated_minutes));
    setEnergy(task.energy_level);
    setNotes(task.description ?? '');
  }, [task]);
  const value = parseMinutes(minutes, TASK_MINUTES);
  const minutesValid = value !== null;
  const titleValid = title.trim().length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!task || value === null || !titleValid) return;
    const changes: TaskChangesInput = {
      ...(title.trim() !== task.title && { title: title.trim() }),
      ...(value !== task.estimated_minutes && { estimated_minutes: value }),
      ...(energy !== task.energy_level && { energy_level: energy }),
      ...(notes !== (task.description ?? '') && { description: notes }),
    };
    if (Object.keys(changes).length === 0) onClose();
    else onSubmit(changes);
  };

  return (
    <Dialog open={task !== null} onClose={onClose} size="sm" title="Edit task">
      <form onSubmit={submit} className="task-edit-form">
        <div className="field">
          <label htmlFor={`${id}-title`}>Title</label>
          <input
            id={`${id}-title`}
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
            aria-invalid={!titleValid}
            aria-describedby={titleValid ? undefined : `${id}-title-error`}
          />
          {titleValid ? null : (
            <p className="field__error" id={`${id}-title-error`}>
              Give the task a title.
            </p>
          )}
        </div>
        <div className="field">
          <MinutesField
            id={`${id}-minutes`}
            label="Estimated minutes"
            value={minutes}
            onChange={setMinutes}
            bounds={TASK_MINUTES}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-energy`}>Energy needed</label>
          <select id={`${id}-energy`} value={energy} onChange={(e) => setEnergy(e.target.value as EnergyLevel)}>
            {ENERGY_LEVELS.map((level) => (
              <option key={level.value} value={level.value}>
                {level.label} energy
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-notes`}>Notes</label>
          <textarea id={`${id}-notes`} value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} />
        </div>
        <div className="form-actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy || !minutesValid || !titleValid}>
            {busy ? 'Saving…' : 'Save task'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
