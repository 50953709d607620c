import { useEffect, useState } from 'react';
import { MinutesField, parseMinutes, STEP_MINUTES } from '../../../components/minutes-field';

/**
 * A step's minutes as typed: each whole number within the bounds is taken as it is typed (typing 30 goes
 * through 3 without turning it into 5); something else is shown as typed with what to type instead, and
 * leaving the field puts back the step's minutes, so the draft never holds a size it would refuse.
 */
export function StepMinutes({
  id,
  label,
  minutes,
  onChange,
}: {
  readonly id: string;
  readonly label: string;
  readonly minutes: number;
  readonly onChange: (minutes: number) => void;
}) {
  const [text, setText] = useState(String(minutes));
  useEffect(() => {
    // The step's minutes changed elsewhere (a regenerated step): show them, unless they are what is typed.
    setText((typed) => (parseMinutes(typed, STEP_MINUTES) === minutes ? typed : String(minutes)));
  }, [minutes]);
  return (
    <MinutesField
      id={id}
      label={label}
      hideLabel
      className="draft-step__minutes"
      value={text}
      bounds={STEP_MINUTES}
      onChange={(typed) => {
        setText(typed);
        const parsed = parseMinutes(typed, STEP_MINUTES);
        if (parsed !== null && parsed !== minutes) onChange(parsed);
      }}
      onBlur={() => setText(String(minutes))}
    />
  );
}
