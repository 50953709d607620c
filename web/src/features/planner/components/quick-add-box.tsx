import { useId, useMemo, useState } from 'react';
import type { GoalChoice } from '@stride/domain/quick-add/goal-match';
import { lacksGoal, NO_GOAL_MESSAGE, useQuickAdd } from '../api/quick-add';
import { useQuickAddParser } from '../lib/use-quick-add-parser';
import { QuickAddPreview } from './quick-add-preview';

/** The browser's zone, for the preview only (the server saves in the user's recorded zone). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The quick-add box on today's plan: one line in plain words, read back before saving (the server reads
 * it the same way). The only goal is used when the line names none.
 */
export function QuickAddBox({ goals }: { readonly goals: readonly GoalChoice[] }) {
  const parse = useQuickAddParser();
  const quickAdd = useQuickAdd();
  const [text, setText] = useState('');
  const [noGoal, setNoGoal] = useState(false);
  const id = useId();
  const preview = useMemo(
    () => (parse && text.trim() !== '' ? parse(text, { now: new Date(), timeZone: browserTimeZone(), goals }) : null),
    [parse, text, goals],
  );
  const onlyGoal = goals.length === 1 ? goals[0]! : null;

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim() === '') return;
    if (lacksGoal(preview, goals)) {
      quickAdd.reset();
      setNoGoal(true);
      return;
    }
    quickAdd.mutate(
      { text, ...(preview?.goal == null && onlyGoal && { goalId: onlyGoal.goalId }) },
      { onSuccess: () => setText('') },
    );
  };

  return (
    <form className="quick-add" onSubmit={onSubmit} aria-label="Quick add">
      <label htmlFor={`${id}-line`} className="visually-hidden">
        Quick add a task
      </label>
      <div className="quick-add__row">
        <input
          id={`${id}-line`}
          type="text"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setNoGoal(false);
          }}
          placeholder='Quick add: "Call the vet tomorrow 15m low energy #dog"'
          autoComplete="off"
          aria-describedby={`${id}-error`}
        />
        <button type="submit" className="button button--primary button--sm" disabled={quickAdd.isPending}>
          Add
        </button>
      </div>
      <QuickAddPreview result={preview} fallbackGoal={onlyGoal?.title ?? null} />
      <p id={`${id}-error`} className="form-error" role="alert">
        {noGoal ? NO_GOAL_MESSAGE : quickAdd.isError ? quickAdd.error.message : null}
      </p>
    </form>
  );
}
