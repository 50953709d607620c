import { GENERATED_TASK_LIMITS } from '@stride/domain/ai/breakdown';
import { taskMinutesSchema } from '@stride/domain/tasks/task-events';

/** The whole minutes a field accepts, from the rule the API applies. */
export interface MinutesBounds {
  readonly min: number;
  readonly max: number;
}

/** A task's minutes, estimated or spent (the task events' rule: 1 to a day). */
export const TASK_MINUTES: MinutesBounds = { min: taskMinutesSchema.minValue!, max: taskMinutesSchema.maxValue! };

/** A step of a breakdown draft (the generated tasks' rule). */
export const STEP_MINUTES: MinutesBounds = {
  min: GENERATED_TASK_LIMITS.minutesMin,
  max: GENERATED_TASK_LIMITS.minutesMax,
};

/** The minutes typed, when they are a whole number within the bounds; else null. */
export function parseMinutes(text: string, bounds: MinutesBounds): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const minutes = Number(trimmed);
  return minutes >= bounds.min && minutes <= bounds.max ? minutes : null;
}

/** What the field says when what was typed is not a number of minutes it takes. */
export const minutesError = ({ min, max }: MinutesBounds) => `Use a whole number of minutes from ${min} to ${max}.`;

interface MinutesFieldProps {
  readonly id: string;
  readonly label: string;
  /** The label is read by screen readers only (a compact row whose neighbours say what it is). */
  readonly hideLabel?: boolean;
  /** The text as typed: it is never changed under the user's fingers (no clamping while typing). */
  readonly value: string;
  readonly onChange: (text: string) => void;
  readonly onBlur?: () => void;
  readonly bounds: MinutesBounds;
  /** Whether to say what is wrong (e.g. only once the form was submitted); the field is marked invalid anyway. */
  readonly showError?: boolean;
  readonly hint?: string;
  readonly className?: string;
}

/**
 * The one minutes input (a task's estimate, the time spent, a draft step's size): numeric keyboard on
 * phones, the bounds from the API's rule, and an error that says what to type when the value is not one
 * (tied to the input by aria-describedby, so a screen reader reads it with the field, not on every key).
 */
export function MinutesField({
  id,
  label,
  hideLabel = false,
  value,
  onChange,
  onBlur,
  bounds,
  showError = true,
  hint,
  className,
}: MinutesFieldProps) {
  const valid = parseMinutes(value, bounds) !== null;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, !valid && showError ? errorId : null].filter(Boolean).join(' ');
  return (
    <>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <input
        id={id}
        className={className}
        type="number"
        inputMode="numeric"
        min={bounds.min}
        max={bounds.max}
        step={1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={!valid}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {!valid && showError ? (
        <p className="field__error" id={errorId}>
          {minutesError(bounds)}
        </p>
      ) : null}
    </>
  );
}
