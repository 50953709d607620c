import { useEffect, useId, useState, type FormEvent } from 'react';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { Dialog } from '../../../components/dialog';
import { MinutesField, parseMinutes, TASK_MINUTES } from '../../../components/minutes-field';
import { formatMinutes } from '../../../lib/format';
import { elapsedMinutes } from '../lib/energy';

interface TimeDialogProps {
  readonly task: TaskRow | null;
  readonly mode: 'complete' | 'log';
  readonly busy: boolean;
  readonly onClose: () => void;
  readonly onSubmit: (minutes: number | undefined) => void;
}

/** Completing a task (optionally with the actual minutes) or logging the time of a done task. */
export function TimeDialog({ task, mode, busy, onClose, onSubmit }: TimeDialogProps) {
  const id = useId();
  const [minutes, setMinutes] = useState('');
  useEffect(() => {
    if (task) setMinutes(String(task.actual_minutes ?? elapsedMinutes(task)));
  }, [task]);
  const value = parseMinutes(minutes, TASK_MINUTES);

  // Minutes the API would refuse are never dropped in silence: the field says what to type, and completing
  // without a time is its own button.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value !== null) onSubmit(value);
  };

  return (
    <Dialog
      open={task !== null}
      onClose={onClose}
      size="sm"
      title={mode === 'complete' ? 'Complete task' : 'Log actual time'}
      description={
        task ? (
          <>
            “{task.title}” was estimated at {formatMinutes(task.estimated_minutes)}.
          </>
        ) : null
      }
    >
      <form onSubmit={submit} className="time-form">
        <div className="field">
          <MinutesField
            id={`${id}-minutes`}
            label="Actual minutes spent"
            value={minutes}
            onChange={setMinutes}
            bounds={TASK_MINUTES}
            hint="Logging real time helps Stride learn how long your tasks take."
          />
        </div>
        <div className="form-actions">
          {mode === 'complete' ? (
            <button type="button" className="button button--ghost" onClick={() => onSubmit(undefined)} disabled={busy}>
              Complete without time
            </button>
          ) : (
            <button type="button" className="button button--ghost" onClick={onClose}>
              Cancel
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={busy || value === null}>
            {busy ? 'Saving…' : mode === 'complete' ? 'Complete task' : 'Log time'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
