import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { GoalRow } from '@stride/domain/contracts/goals';
import { Dialog } from '../../../components/dialog';
import type { MenuItem } from '../../../components/dropdown-menu';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { SectionErrorBoundary } from '../../../components/section-error-boundary';
import { PageLoading } from '../../../components/spinner';
import { goalAllowanceText } from '../../../lib/plan-wording';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGoals } from '../api/list-goals';
import { useUpdateGoal } from '../api/update-goal';
import { useGoalCreation } from '../hooks/use-goal-creation';
import { statusLabel, type GoalStatus } from '../lib/goal-options';
import { GoalGrid } from './goal-grid';
import { GoalForm } from './goal-form';
import { Icon } from '../../../components/icon';
import { LoadErrorNotice } from '../../../components/load-error-notice';

const TABS: readonly { status: GoalStatus; label: string }[] = (['active', 'abandoned'] as const).map((status) => ({
  status,
  label: statusLabel(status),
}));

type CreateMode = 'blank' | 'template';

interface GoalsPageProps {
  /**
   * "Start from a template" in the new-goal flow (composed by the app: the templates feature). It calls
   * `onCreated` once the goal exists.
   */
  readonly templatePicker?: (onCreated: (goal: GoalRow) => void) => ReactNode;
  /** More actions on each goal card (e.g. "Save as template"). */
  readonly goalActions?: (goal: GoalRow) => MenuItem[];
}

export function GoalsPage({ templatePicker, goalActions }: GoalsPageProps = {}) {
  useDocumentTitle('Goals');
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<GoalStatus>('active');
  const [creating, setCreating] = useState(params.get('new') === '1');
  const [createMode, setCreateMode] = useState<CreateMode>('blank');
  const [editing, setEditing] = useState<GoalRow | null>(null);
  const goals = useGoals({ status });
  // None when the first load failed: its notice says so, where an empty state would say there are no goals.
  const loaded = goals.data;
  const { create, canCreate, promptUpgrade, isPending, user, error: createError } = useGoalCreation();
  const update = useUpdateGoal();
  const prefilledTitle = params.get('title') ?? '';

  useEffect(() => {
    if (params.get('new') === '1') setCreating(true);
  }, [params]);

  const openCreate = () => {
    if (!canCreate) {
      promptUpgrade();
      return;
    }
    setCreating(true);
  };

  const closeCreate = () => {
    setCreating(false);
    setCreateMode('blank');
    if (params.has('new') || params.has('title')) setParams({}, { replace: true });
  };

  return (
    <div className="page">
      <PageHeader
        title="Goals"
        subtitle={
          user ? goalAllowanceText(user.goalsThisMonth, user.goalsLimit) : 'Everything you are working towards.'
        }
        actions={
          <button type="button" className="button button--primary" onClick={openCreate}>
            <Icon name="plus" size={18} /> New goal
          </button>
        }
      />

      {creating ? (
        <section className="card card--padded create-goal" aria-labelledby="create-goal-title">
          <h2 id="create-goal-title" className="card__title">
            Create a goal
          </h2>
          {templatePicker ? (
            <div className="tabs create-goal__modes" role="tablist" aria-label="How to start">
              {(
                [
                  { mode: 'blank', label: 'Write your own' },
                  { mode: 'template', label: 'Start from a template' },
                ] as const
              ).map((tab) => (
                <button
                  key={tab.mode}
                  type="button"
                  role="tab"
                  aria-selected={createMode === tab.mode}
                  className={`tabs__tab${createMode === tab.mode ? ' is-active' : ''}`}
                  onClick={() => setCreateMode(tab.mode)}
                >
                  {tab.label}
                </button>
              ))}
            </div>
          ) : null}
          {createMode === 'template' && templatePicker ? (
            <>
              <p className="card__subtitle">Pick a starting point: the goal is created with its tasks ready.</p>
              {templatePicker(() => closeCreate())}
              <div className="form-actions">
                <button type="button" className="button button--ghost" onClick={closeCreate}>
                  Cancel
                </button>
              </div>
            </>
          ) : (
            <>
              <p className="card__subtitle">Make it specific. You can break it into tasks with AI next.</p>
              <GoalForm
                initial={{ title: prefilledTitle }}
                submitLabel="Create goal"
                busy={isPending}
                autoFocus
                onCancel={closeCreate}
                error={createError}
                onSubmit={(draft) => {
                  // The form stays open (with what was typed) until the server has the goal.
                  create(draft, { onSuccess: closeCreate });
                }}
              />
            </>
          )}
        </section>
      ) : null}

      <div className="tabs" role="tablist" aria-label="Goal status">
        {TABS.map((tab) => (
          <button
            key={tab.status}
            type="button"
            role="tab"
            aria-selected={status === tab.status}
            className={`tabs__tab${status === tab.status ? ' is-active' : ''}`}
            onClick={() => setStatus(tab.status)}
          >
            {tab.label}
          </button>
        ))}
      </div>

      <SectionErrorBoundary name="goals-list">
        {goals.isError ? (
          <LoadErrorNotice
            what="your goals"
            error={goals.error}
            onRetry={() => void goals.refetch()}
            retrying={goals.isFetching}
          />
        ) : null}
        {goals.isPending ? (
          <PageLoading label="Loading goals…" />
        ) : loaded === undefined ? null : loaded.length === 0 ? (
          status === 'active' ? (
            <EmptyState
              icon={<Icon name="target" size={30} />}
              title="No active goals yet"
              action={
                <button type="button" className="button button--primary" onClick={openCreate}>
                  Create your first goal
                </button>
              }
            >
              Pick one thing you want to make real this month. Stride will help you break it into small steps.
            </EmptyState>
          ) : (
            <EmptyState icon={<Icon name="archive" size={30} />} title="Nothing abandoned">
              Goals you set aside show up here, so you can pick them up again later.
            </EmptyState>
          )
        ) : (
          <GoalGrid goals={loaded} onEdit={setEditing} {...(goalActions && { extraActions: goalActions })} />
        )}
      </SectionErrorBoundary>

      <Dialog open={editing !== null} onClose={() => setEditing(null)} title="Edit goal" size="md">
        {editing ? (
          <GoalForm
            initial={editing}
            submitLabel="Save changes"
            busy={update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(draft) =>
              update.mutate(
                { goalId: editing.id, expectedVersion: editing.version || undefined, updates: draft },
                { onSuccess: () => setEditing(null) },
              )
            }
          />
        ) : null}
      </Dialog>
    </div>
  );
}
