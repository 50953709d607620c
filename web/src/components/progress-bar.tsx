export type ProgressTone = 'ok' | 'warning' | 'full';

interface ProgressBarProps {
  readonly label: string;
  readonly value: number;
  /** -1 (or any negative) = unlimited. */
  readonly max: number;
  readonly tone: ProgressTone;
  readonly valueText?: string;
}

/** An accessible progress bar whose colour follows the usage tone. */
export function ProgressBar({ label, value, max, tone, valueText }: ProgressBarProps) {
  const unlimited = max < 0;
  const percent = unlimited
    ? Math.min(100, value > 0 ? 8 : 0)
    : max === 0
      ? 100
      : Math.min(100, Math.round((value / max) * 100));
  const text = valueText ?? (unlimited ? `${value} used · unlimited` : `${value} of ${max}`);
  return (
    <div className="progress" data-tone={tone}>
      <div className="progress__labels">
        <span className="progress__label">{label}</span>
        <span className="progress__value">{text}</span>
      </div>
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={unlimited ? undefined : max}
        aria-valuenow={value}
        aria-valuetext={text}
      >
        <div className={`progress__fill progress__fill--${tone}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
