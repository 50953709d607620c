import { useId, useState } from 'react';
import type { StepGranularity } from '@stride/domain/ai/breakdown';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { isBelowLimit } from '@stride/domain/plans/limits';
import { isApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { formatMinutes } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useUpgradeDialog } from '../../../lib/upgrade-dialog';
import { useBreakDownTask } from '../api/break-down-task';
import { useSubtasks } from '../api/get-subtasks';
import { useSubtaskAction } from '../api/subtask-actions';
import { SIZE_OPTIONS } from '../lib/step-sizes';

/**
 * A task's sub-steps (one level): tick them off (the task's and the goal's progress roll up), delete one,
 * or break the task down (again) with the same step-size control as a goal; that uses 1 AI generation.
 */
export function TaskSubtasks({ goalId, task }: { readonly goalId: string; readonly task: TaskRow }) {
  const id = useId();
  const { user, beginUsage, reconcileUsage } = useCurrentUser();
  const { openUpgradeDialog } = useUpgradeDialog();
  const subtasks = useSubtasks(goalId);
  const breakDown = useBreakDownTask();
  const action = useSubtaskAction();
  const [open, setOpen] = useState(false);
  const [granularity, setGranularity] = useState<StepGranularity>('tiny');
  const own = (subtasks.data?.subtasks ?? []).filter((subtask) => subtask.task_id === task.id);
  const progress = subtasks.data?.progress.tasks.find((entry) => entry.task_id === task.id);
  const canBreakDown = task.status !== 'done';

  const submit = () => {
    if (!user) return;
    if (!isBelowLimit(user.aiGenerationsThisMonth, user.aiGenerationsLimit)) {
      openUpgradeDialog('ai');
      return;
    }
    beginUsage('ai');
    breakDown.mutate(
      { goalId, taskId: task.id, granularity },
      {
        onSuccess: (result) => {
          reconcileUsage('ai', result.ai_generations_this_month);
          setOpen(false);
          toast.success(result.added === 1 ? 'Added 1 sub-step' : `Added ${result.added} sub-steps`);
        },
        onError: (error) => {
          reconcileUsage('ai');
          if (isApiError(error) && error.code === 'limit_reached') openUpgradeDialog('ai');
          else toast.error(error.message);
        },
      },
    );
  };

  if (own.length === 0 && !canBreakDown) return null;
  return (
    <div className="subtasks" aria-label={`Sub-steps of ${task.title}`}>
      {own.length > 0 ? (
        <>
          <p className="subtasks__progress muted small" data-testid="subtask-progress">
            {progress?.subtasks_done ?? 0} of {own.length} sub-steps done · {progress?.percent ?? 0}%
          </p>
          <ul className="subtasks__items">
            {own.map((subtask) => (
              <li key={subtask.id} className={`subtask${subtask.done ? ' subtask--done' : ''}`} data-testid="subtask">
                <label>
                  <input
                    type="checkbox"
                    checked={subtask.done}
                    disabled={action.isPending}
                    onChange={() =>
                      action.mutate({
                        goalId,
                        taskId: task.id,
                        subtaskId: subtask.id,
                        action: subtask.done ? 'reopen' : 'complete',
                      })
                    }
                  />
                  <span>{subtask.title}</span>
                </label>
                <span className="muted small">~{formatMinutes(subtask.estimated_minutes)}</span>
                <button
                  type="button"
                  className="icon-button subtask__remove"
                  aria-label={`Delete sub-step ${subtask.title}`}
                  onClick={() => action.mutate({ goalId, taskId: task.id, subtaskId: subtask.id, action: 'remove' })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {canBreakDown ? (
        open ? (
          <div className="subtasks__form">
            <label htmlFor={`${id}-size`} className="small">
              Sub-step size
            </label>
            <select
              id={`${id}-size`}
              value={granularity}
              onChange={(event) => setGranularity(event.target.value as StepGranularity)}
            >
              {SIZE_OPTIONS.map((size) => (
                <option key={size.value} value={size.value}>
                  {size.label} ({size.hint})
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button--ai button--sm"
              onClick={submit}
              disabled={breakDown.isPending}
            >
              {breakDown.isPending ? 'Thinking…' : 'Break into sub-steps (1 AI)'}
            </button>
            <button type="button" className="button button--ghost button--sm" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="button button--ghost button--sm subtasks__open"
            onClick={() => setOpen(true)}
            aria-label={`Break down ${task.title}`}
          >
            {own.length > 0 ? 'Break down again' : 'Break down'}
          </button>
        )
      ) : null}
    </div>
  );
}
