import { useId, useState, type FormEvent } from 'react';
import { GOAL_CATEGORIES, GOAL_PRIORITIES, type GoalPriority } from '../lib/goal-options';
import type { GoalDraft } from '../hooks/use-goal-creation';

interface GoalFormProps {
  readonly initial?: Partial<GoalDraft>;
  readonly submitLabel: string;
  readonly busy?: boolean;
  readonly onSubmit: (draft: GoalDraft) => void;
  readonly onCancel?: () => void;
  readonly autoFocus?: boolean;
  /** The last submit failed: said above the buttons, and everything typed stays in the form. */
  readonly error?: Error | null;
}

export function GoalForm({
  initial,
  submitLabel,
  busy = false,
  onSubmit,
  onCancel,
  autoFocus = false,
  error = null,
}: GoalFormProps) {
  const id = useId();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [category, setCategory] = useState(initial?.category ?? 'personal');
  const [priority, setPriority] = useState<GoalPriority>(initial?.priority ?? 'medium');
  const [targetDate, setTargetDate] = useState(initial?.target_date ?? '');
  const [touched, setTouched] = useState(false);
  const titleError = touched && !title.trim() ? 'Give your goal a title' : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!title.trim()) return;
    onSubmit({
      title: title.trim(),
      description: description.trim(),
      category,
      priority,
      target_date: targetDate || null,
    });
  };

  return (
    <form className="goal-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-title`}>Goal</label>
        <input
          id={`${id}-title`}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          onBlur={() => setTouched(true)}
          maxLength={200}
          placeholder="e.g. Run a half marathon in under 2 hours"
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? `${id}-title-error` : undefined}
          autoFocus={autoFocus}
        />
        {titleError ? (
          <p className="field__error" id={`${id}-title-error`}>
            {titleError}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>
          Why it matters <span className="field__optional">(optional)</span>
        </label>
        <textarea
          id={`${id}-description`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={2000}
          rows={3}
          placeholder="A sentence about what success looks like helps the AI plan better steps."
        />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${id}-category`}>Category</label>
          <select id={`${id}-category`} value={category} onChange={(e) => setCategory(e.target.value)}>
            {GOAL_CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-priority`}>Priority</label>
          <select id={`${id}-priority`} value={priority} onChange={(e) => setPriority(e.target.value as GoalPriority)}>
            {GOAL_PRIORITIES.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-target`}>
            Target date <span className="field__optional">(optional)</span>
          </label>
          <input id={`${id}-target`} type="date" value={targetDate} onChange={(e) => setTargetDate(e.target.value)} />
        </div>
      </div>
      {error && !busy ? (
        <p className="form-error" role="alert" data-testid="goal-form-error">
          {error.message || 'Failed to create goal. Please try again.'} Your text is still here.
        </p>
      ) : null}
      <div className="form-actions">
        {onCancel ? (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
