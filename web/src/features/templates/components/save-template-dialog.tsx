import { useId, useState, type FormEvent } from 'react';
import type { GoalRow } from '@stride/domain/contracts/goals';
import { goalLimits } from '@stride/domain/goals/goal-events';
import { Dialog } from '../../../components/dialog';
import { useUpgradeDialog } from '../../../lib/upgrade-dialog';
import { useSaveGoalAsTemplate } from '../api/save-goal-as-template';
import { saveTemplateErrorText } from '../lib/template-errors';

/** "Save as template": names the template (the goal's title by default) and saves the goal with its tasks. */
export function SaveTemplateDialog({ goal, onClose }: { goal: GoalRow | null; onClose: () => void }) {
  return (
    <Dialog
      open={goal !== null}
      onClose={onClose}
      title="Save as template"
      description="Keep this goal and its tasks (titles, minutes and energy) as a starting point for new goals."
      size="sm"
    >
      {goal ? <SaveTemplateForm key={goal.id} goal={goal} onClose={onClose} /> : null}
    </Dialog>
  );
}

function SaveTemplateForm({ goal, onClose }: { goal: GoalRow; onClose: () => void }) {
  const id = useId();
  const { openUpgradeDialog } = useUpgradeDialog();
  const save = useSaveGoalAsTemplate({ onPlanRequired: () => openUpgradeDialog('general') });
  const [title, setTitle] = useState(goal.title);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') return;
    save.mutate({ goal_id: goal.id, title: title.trim() }, { onSuccess: onClose });
  };

  return (
    <form onSubmit={submit} className="save-template-form">
      <div className="field">
        <label htmlFor={`${id}-title`}>Template name</label>
        <input
          id={`${id}-title`}
          value={title}
          maxLength={goalLimits.titleMax}
          onChange={(event) => setTitle(event.target.value)}
          required
          autoFocus
        />
      </div>
      {save.isError ? (
        <p className="notice notice--error" role="alert">
          {saveTemplateErrorText(save.error)}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={save.isPending || title.trim() === ''}>
          {save.isPending ? 'Saving…' : 'Save template'}
        </button>
      </div>
    </form>
  );
}
