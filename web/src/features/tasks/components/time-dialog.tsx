import { useEffect, useId, useState, type FormEvent } from 'react';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { Dialog } from '../../../components/dialog';
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
  const value = Number(minutes);
  const valid = Number.isInteger(value) && value >= 1 && value <= 1440;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'log' && !valid) return;
    onSubmit(valid ? value : undefined);
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
          <label htmlFor={`${id}-minutes`}>Actual minutes spent</label>
          <input
            id={`${id}-minutes`}
            type="number"
            inputMode="numeric"
            min={1}
            max={1440}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            aria-describedby={`${id}-hint`}
          />
          <p className="field__hint" id={`${id}-hint`}>
            Logging real time helps Stride learn how long your tasks take.
          </p>
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
          <button type="submit" className="button button--primary" disabled={busy || (mode === 'log' && !valid)}>
            {busy ? 'Saving…' : mode === 'complete' ? 'Complete task' : 'Log time'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
