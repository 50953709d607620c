import { useId } from 'react';

export interface DateRangeValue {
  readonly start: string;
  readonly end: string;
}

interface DateRangePickerProps {
  readonly value: DateRangeValue;
  readonly onChange: (range: DateRangeValue) => void;
  readonly presets: readonly { days: number; label: string }[];
  readonly makePreset: (days: number) => DateRangeValue;
  /** The earliest day that may be picked (e.g. the day the account was created). */
  readonly minDate?: string;
  /** From is after To: both fields are marked invalid (the page says why). */
  readonly invalid?: boolean;
}

/** Preset buttons (7/30/90 days) plus custom from/to dates. */
export function DateRangePicker({
  value,
  onChange,
  presets,
  makePreset,
  minDate,
  invalid = false,
}: DateRangePickerProps) {
  const id = useId();
  return (
    <div className="date-range" role="group" aria-label="Date range">
      <div className="segmented" role="radiogroup" aria-label="Preset ranges">
        {presets.map((preset) => {
          const range = makePreset(preset.days);
          const active = range.start === value.start && range.end === value.end;
          return (
            <button
              key={preset.days}
              type="button"
              role="radio"
              aria-checked={active}
              className={`segmented__option${active ? ' is-selected' : ''}`}
              onClick={() => onChange(range)}
            >
              {preset.label}
            </button>
          );
        })}
      </div>
      <div className="date-range__custom">
        <label htmlFor={`${id}-start`}>From</label>
        <input
          id={`${id}-start`}
          type="date"
          value={value.start}
          min={minDate}
          max={value.end}
          aria-invalid={invalid || undefined}
          onChange={(e) => e.target.value && onChange({ ...value, start: e.target.value })}
        />
        <label htmlFor={`${id}-end`}>To</label>
        <input
          id={`${id}-end`}
          type="date"
          value={value.end}
          min={value.start}
          aria-invalid={invalid || undefined}
          onChange={(e) => e.target.value && onChange({ ...value, end: e.target.value })}
        />
      </div>
    </div>
  );
}
