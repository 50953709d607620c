import { useState } from 'react';
import type { GoalRow } from '@stride/domain/contracts/goals';
import type { TemplateRow } from '@stride/domain/contracts/templates';
import { isBelowLimit } from '@stride/domain/plans/limits';
import { LoadErrorNotice } from '../../../components/load-error-notice';
import { PageLoading } from '../../../components/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { formatMinutes } from '../../../lib/format';
import { useUpgradeDialog } from '../../../lib/upgrade-dialog';
import { useCreateGoalFromTemplate } from '../api/create-goal-from-template';
import { useDeleteTemplate } from '../api/delete-template';
import { useTemplateLibrary } from '../api/list-templates';

interface TemplatePickerProps {
  /** The new goal, once the server has it (with its tasks). */
  readonly onCreated: (goal: GoalRow) => void;
  /** Category words as the goal form shows them. */
  readonly categoryLabel: (category: string) => string;
}

const totalMinutes = (template: TemplateRow) => template.tasks.reduce((sum, task) => sum + task.estimated_minutes, 0);

/**
 * "Start from a template" in the new-goal flow: the caller's own templates, then the built-in library.
 * Every plan may browse it; starting a goal from one needs Starter and up (the server's answer, can_use),
 * otherwise each card offers the upgrade instead. A goal from a template counts as a goal created.
 */
export function TemplatePicker({ onCreated, categoryLabel }: TemplatePickerProps) {
  const library = useTemplateLibrary();
  const { user, beginUsage, reconcileUsage } = useCurrentUser();
  const { openUpgradeDialog } = useUpgradeDialog();
  const create = useCreateGoalFromTemplate({
    onLimitReached: () => openUpgradeDialog('goals'),
    onPlanRequired: () => openUpgradeDialog('general'),
    onSettledUsage: () => reconcileUsage('goals'),
  });
  const remove = useDeleteTemplate();
  const [usingId, setUsingId] = useState<string | null>(null);

  if (library.isPending) return <PageLoading label="Loading templates…" />;
  if (library.isError)
    return (
      <LoadErrorNotice
        what="the templates"
        error={library.error}
        onRetry={() => void library.refetch()}
        retrying={library.isFetching}
      />
    );
  const { can_use: canUse, built_in: builtIn, own } = library.data;

  const use = (template: TemplateRow) => {
    if (!canUse) {
      openUpgradeDialog('general');
      return;
    }
    if (user && !isBelowLimit(user.goalsThisMonth, user.goalsLimit)) {
      openUpgradeDialog('goals');
      return;
    }
    setUsingId(template.id);
    beginUsage('goals');
    create.mutate(
      { templateId: template.id },
      { onSuccess: (goal) => onCreated(goal), onSettled: () => setUsingId(null) },
    );
  };

  const card = (template: TemplateRow) => (
    <li key={template.id} className="template-card" data-testid="template-card">
      <div className="template-card__head">
        <span className="chip">{categoryLabel(template.category)}</span>
        <span className="template-card__size">
          {template.tasks.length} tasks · {formatMinutes(totalMinutes(template))}
        </span>
      </div>
      <h4 className="template-card__title">{template.title}</h4>
      {template.description ? <p className="template-card__description">{template.description}</p> : null}
      <details className="template-card__tasks">
        <summary>See the tasks</summary>
        <ol>
          {template.tasks.map((task, index) => (
            <li key={index}>
              {task.title}{' '}
              <span className="template-card__task-meta">
                {formatMinutes(task.estimated_minutes)} · {task.energy_level} energy
              </span>
            </li>
          ))}
        </ol>
      </details>
      <div className="template-card__actions">
        <button
          type="button"
          className={`button button--sm ${canUse ? 'button--primary' : 'button--secondary'}`}
          onClick={() => use(template)}
          disabled={usingId !== null}
          aria-label={canUse ? `Use template ${template.title}` : `Upgrade to use template ${template.title}`}
        >
          {usingId === template.id ? 'Creating…' : canUse ? 'Use this template' : 'Upgrade to use'}
        </button>
        {template.kind === 'own' ? (
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() => remove.mutate(template.id)}
            disabled={remove.isPending}
            aria-label={`Delete template ${template.title}`}
          >
            Delete
          </button>
        ) : null}
      </div>
    </li>
  );

  return (
    <div className="template-picker" data-testid="template-picker">
      {canUse ? null : (
        <div className="notice notice--info template-picker__gate" role="note" data-testid="templates-gate">
          <p>
            <strong>Goal templates come with Starter and up.</strong> Browse the library below; upgrade to start a goal
            from one with its tasks ready, and to save your own goals as templates.
          </p>
          <button
            type="button"
            className="button button--primary button--sm"
            onClick={() => openUpgradeDialog('general')}
          >
            See plans
          </button>
        </div>
      )}
      {own.length > 0 ? (
        <section aria-labelledby="own-templates-title">
          <h3 id="own-templates-title" className="template-picker__heading">
            Your templates
          </h3>
          <ul className="template-grid">{own.map(card)}</ul>
        </section>
      ) : null}
      <section aria-labelledby="builtin-templates-title">
        <h3 id="builtin-templates-title" className="template-picker__heading">
          Starting points
        </h3>
        <ul className="template-grid">{builtIn.map(card)}</ul>
      </section>
    </div>
  );
}
