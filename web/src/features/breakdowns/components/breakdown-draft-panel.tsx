import { useId } from 'react';
import type { StepGranularity } from '@stride/domain/ai/breakdown';
import type { GoalRow } from '@stride/domain/contracts/goals';
import { Icon } from '../../../components/icon';
import { formatDate, formatMinutes } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useMoveTargetDate } from '../api/move-target-date';
import { useBreakdownDraft, type ReviewStep } from '../hooks/use-breakdown-draft';
import { SIZE_OPTIONS } from '../lib/step-sizes';
import { StepMinutes } from './step-minutes';

const ENERGY_WORD = { low: 'Low', medium: 'Medium', high: 'High' } as const;

function DraftStepRow({
  step,
  index,
  busy,
  onEdit,
  onRemove,
  onRegenerate,
}: {
  readonly step: ReviewStep;
  readonly index: number;
  readonly busy: boolean;
  readonly onEdit: (change: Partial<ReviewStep>) => void;
  readonly onRemove: () => void;
  readonly onRegenerate: () => void;
}) {
  const id = useId();
  return (
    <li className="draft-step" data-testid="draft-step" aria-busy={busy}>
      <span className="draft-step__number" aria-hidden="true">
        {index + 1}
      </span>
      <div className="draft-step__body">
        <label htmlFor={`${id}-title`} className="visually-hidden">
          Step {index + 1} title
        </label>
        <input
          id={`${id}-title`}
          className="draft-step__title"
          value={step.title}
          maxLength={120}
          onChange={(event) => onEdit({ title: event.target.value })}
        />
        <div className="draft-step__meta">
          <StepMinutes
            id={`${id}-minutes`}
            label={`Step ${index + 1} minutes`}
            minutes={step.estimated_minutes}
            onChange={(estimated_minutes) => onEdit({ estimated_minutes })}
          />
          <span>min</span>
          <span className={`energy-badge energy-badge--${step.energy_level}`}>
            {ENERGY_WORD[step.energy_level]} energy
          </span>
          {step.suggested_date ? <span className="muted">on {formatDate(step.suggested_date)}</span> : null}
        </div>
      </div>
      <div className="draft-step__actions">
        <button
          type="button"
          className="button button--ghost button--sm"
          onClick={onRegenerate}
          disabled={busy}
          aria-label={`Regenerate step ${index + 1}`}
        >
          {busy ? 'Thinking…' : 'Regenerate'}
        </button>
        <button
          type="button"
          className="button button--ghost button--sm"
          onClick={onRemove}
          aria-label={`Remove step ${index + 1}`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/**
 * The AI breakdown of a goal, reviewed before saving (issue 14): choose the size of steps, draft, edit,
 * remove or regenerate single steps, ask for a new list, save. Says where the steps came from, the user's
 * own pace when their minutes were corrected, and warns when the plan does not fit before the target date.
 */
export function BreakdownDraftPanel({ goal }: { readonly goal: GoalRow }) {
  const id = useId();
  const flow = useBreakdownDraft(goal.id);
  const moveDate = useMoveTargetDate();
  const { choices, setChoices, steps, draft } = flow;
  const totalMinutes = steps.reduce((sum, step) => sum + step.estimated_minutes, 0);
  const reviewing = steps.length > 0 || flow.drafting;

  return (
    <div className="ai-banner breakdown-draft" aria-label="AI breakdown">
      <div className="breakdown-draft__intro">
        <p className="ai-banner__title">
          <Icon name="sparkles" size={18} className="ai-banner__icon" /> Break it down with AI
        </p>
        <p className="ai-banner__text">
          Choose the size of steps, review the draft, then save. A draft uses 1 AI generation; editing, removing,
          regenerating one step and saving are free.
        </p>
      </div>
      <div className="breakdown-draft__options">
        <fieldset className="segmented" aria-label="Step size">
          <legend className="visually-hidden">Step size</legend>
          {SIZE_OPTIONS.map((size) => (
            <label
              key={size.value}
              className={`segmented__option${choices.granularity === size.value ? ' is-selected' : ''}`}
            >
              <input
                type="radio"
                name={`${id}-size`}
                value={size.value}
                checked={choices.granularity === size.value}
                onChange={() => setChoices({ ...choices, granularity: size.value as StepGranularity })}
              />
              {size.label} <span className="muted small">{size.hint}</span>
            </label>
          ))}
        </fieldset>
        <label className="breakdown-draft__check">
          <input
            type="checkbox"
            checked={choices.easiestFirst}
            onChange={(event) => setChoices({ ...choices, easiestFirst: event.target.checked })}
          />
          Easiest first
        </label>
        <label className="breakdown-draft__hours">
          Hours a week
          <input
            type="number"
            min={0}
            max={100}
            step={0.5}
            value={choices.hoursPerWeek}
            placeholder="optional"
            onChange={(event) => setChoices({ ...choices, hoursPerWeek: event.target.value })}
          />
        </label>
        {!reviewing ? (
          <button
            type="button"
            className={`button ${flow.canUseAi ? 'button--ai' : 'button--secondary'}`}
            onClick={() => void flow.makeDraft(false)}
          >
            {flow.canUseAi ? 'Draft steps' : 'Upgrade for more AI'}
          </button>
        ) : null}
      </div>

      {reviewing ? (
        <section className="breakdown-draft__review" aria-label="Draft steps" aria-busy={flow.drafting}>
          <p className="breakdown-draft__source" data-testid="planner-source">
            {draft
              ? draft.source.provider === 'embedded'
                ? draft.source.label
                : `Suggested by ${draft.source.label}`
              : 'Drafting…'}
            {draft?.source.fallback ? ' (the model did not answer; the built-in planner did)' : ''}
          </p>
          {draft?.estimate_note ? (
            <p className="breakdown-draft__note" data-testid="estimate-note">
              {draft.estimate_note} Minutes below are adjusted for it.
            </p>
          ) : null}
          {draft?.overload ? (
            <div className="breakdown-draft__overload" role="alert">
              <p>{draft.overload.message}</p>
              <div className="breakdown-draft__overload-actions">
                {draft.overload.options.map((option) =>
                  option.kind === 'move-target-date' ? (
                    <button
                      key={option.kind}
                      type="button"
                      className="button button--secondary button--sm"
                      disabled={moveDate.isPending}
                      onClick={() =>
                        moveDate.mutate(
                          { goalId: goal.id, targetDate: option.target_date },
                          { onSuccess: () => toast.success(`Target date moved to ${formatDate(option.target_date)}`) },
                        )
                      }
                    >
                      Move target date to {formatDate(option.target_date)}
                    </button>
                  ) : (
                    <button
                      key={option.kind}
                      type="button"
                      className="button button--secondary button--sm"
                      onClick={() => flow.keepFirst(option.keep_steps)}
                    >
                      Keep the first {option.keep_steps} steps
                    </button>
                  ),
                )}
              </div>
            </div>
          ) : null}
          <ol className="draft-steps">
            {steps.map((step, index) => (
              <DraftStepRow
                key={step.key}
                step={step}
                index={index}
                busy={flow.regenerating === step.key}
                onEdit={(change) => flow.editStep(step.key, change)}
                onRemove={() => flow.removeStep(step.key)}
                onRegenerate={() => flow.regenerateOne(step.key)}
              />
            ))}
          </ol>
          <div className="breakdown-draft__footer">
            <span className="muted small">
              {steps.length} {steps.length === 1 ? 'step' : 'steps'} · {formatMinutes(totalMinutes)}
            </span>
            <button type="button" className="button button--ghost" onClick={flow.discard} disabled={flow.drafting}>
              Discard
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void flow.makeDraft(true)}
              disabled={flow.drafting}
            >
              New list (1 AI)
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={flow.saveDraft}
              disabled={flow.drafting || flow.saving || steps.length === 0 || steps.some((s) => !s.title.trim())}
            >
              {flow.saving ? 'Saving…' : `Save ${steps.length} ${steps.length === 1 ? 'step' : 'steps'}`}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
