import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Dialog } from '../../../components/dialog';
import { EmptyState } from '../../../components/empty-state';
import { SectionErrorBoundary } from '../../../components/section-error-boundary';
import { PageLoading } from '../../../components/spinner';
import { goalPath } from '../../../lib/goal-path';
import { goalStatusLabel } from '../../../lib/goal-status';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAddGoalToCollection } from '../api/add-goal-to-collection';
import { useDeleteCollection } from '../api/delete-collection';
import { useCollection } from '../api/get-collection';
import { useRemoveGoalFromCollection } from '../api/remove-goal-from-collection';
import { useRenameCollection } from '../api/rename-collection';
import type { CollectionGoal } from '../lib/collection-goal';
import { Icon } from '../../../components/icon';

export function CollectionPage({
  collectionId,
  goals,
}: {
  readonly collectionId: string;
  readonly goals: readonly CollectionGoal[];
}) {
  const id = useId();
  const navigate = useNavigate();
  const collection = useCollection(collectionId);
  const rename = useRenameCollection();
  const remove = useDeleteCollection();
  const addGoal = useAddGoalToCollection();
  const removeGoal = useRemoveGoalFromCollection();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [goalToAdd, setGoalToAdd] = useState('');
  useDocumentTitle(collection.data?.name ?? 'Collection');

  if (collection.isPending) return <PageLoading label="Loading collection…" />;
  if (collection.isError) {
    return (
      <div className="page">
        <EmptyState
          icon={<Icon name="search" size={30} />}
          title="Collection not found"
          action={
            <Link className="button button--primary" to="/collections">
              Back to collections
            </Link>
          }
        >
          {collection.error.message}
        </EmptyState>
      </div>
    );
  }
  const data = collection.data;
  const members = data.goal_ids
    .map((goalId) => goals.find((g) => g.id === goalId))
    .filter((g): g is CollectionGoal => Boolean(g));
  const candidates = goals.filter((g) => !data.goal_ids.includes(g.id) && g.status !== 'abandoned');

  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    if (renaming?.trim()) rename.mutate({ id: data.id, name: renaming.trim() }, { onSuccess: () => setRenaming(null) });
  };

  return (
    <div className="page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/collections">Collections</Link> <span aria-hidden="true">/</span>{' '}
        <span aria-current="page">{data.name}</span>
      </nav>
      <div className="collection-hero" style={{ '--accent': data.color ?? '#6366f1' } as React.CSSProperties}>
        {renaming !== null ? (
          <form onSubmit={submitRename} className="inline-form">
            <label htmlFor={`${id}-rename`} className="visually-hidden">
              Collection name
            </label>
            <input
              id={`${id}-rename`}
              value={renaming}
              onChange={(e) => setRenaming(e.target.value)}
              maxLength={100}
              autoFocus
            />
            <button type="submit" className="button button--primary button--sm" disabled={rename.isPending}>
              Save
            </button>
            <button type="button" className="button button--ghost button--sm" onClick={() => setRenaming(null)}>
              Cancel
            </button>
          </form>
        ) : (
          <h1 className="page-header__title">{data.name}</h1>
        )}
        {data.description ? <p className="page-header__subtitle">{data.description}</p> : null}
        <div className="collection-hero__actions">
          <button type="button" className="button button--secondary button--sm" onClick={() => setRenaming(data.name)}>
            Rename
          </button>
          <button
            type="button"
            className="button button--ghost button--sm button--danger-text"
            onClick={() => setConfirmDelete(true)}
          >
            Delete collection
          </button>
        </div>
      </div>

      <SectionErrorBoundary name="collection-goals">
        <section className="card card--padded" aria-labelledby={`${id}-goals`}>
          <h2 id={`${id}-goals`} className="card__title">
            Goals in this collection
          </h2>
          {members.length === 0 ? (
            <p className="muted">No goals here yet. Add one below.</p>
          ) : (
            <ul className="collection-goals">
              {members.map((goal) => (
                <li key={goal.id} className="collection-goals__item">
                  <div>
                    <p className="collection-goals__title">
                      {goal.status === 'active' ? <Link to={goalPath(goal.id)}>{goal.title}</Link> : goal.title}
                    </p>
                    <p className="muted small">
                      {goalStatusLabel(goal.status)} · {goal.completed_task_count}/{goal.task_count} tasks
                    </p>
                  </div>
                  <button
                    type="button"
                    className="button button--ghost button--sm"
                    onClick={() => removeGoal.mutate({ collectionId: data.id, goalId: goal.id })}
                    aria-label={`Remove ${goal.title} from ${data.name}`}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form
            className="inline-form add-goal-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (goalToAdd)
                addGoal.mutate({ collectionId: data.id, goalId: goalToAdd }, { onSuccess: () => setGoalToAdd('') });
            }}
          >
            <label htmlFor={`${id}-add`}>Add a goal</label>
            <select
              id={`${id}-add`}
              value={goalToAdd}
              onChange={(e) => setGoalToAdd(e.target.value)}
              disabled={candidates.length === 0}
            >
              <option value="">{candidates.length === 0 ? 'All your goals are already here' : 'Choose a goal…'}</option>
              {candidates.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.title}
                </option>
              ))}
            </select>
            <button
              type="submit"
              className="button button--primary button--sm"
              disabled={!goalToAdd || addGoal.isPending}
            >
              Add
            </button>
          </form>
        </section>
      </SectionErrorBoundary>

      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title="Delete this collection?"
        size="sm"
        description="The goals in it are kept; only the collection goes."
        footer={
          <>
            <button type="button" className="button button--ghost" onClick={() => setConfirmDelete(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => remove.mutate(data.id, { onSuccess: () => navigate('/collections', { replace: true }) })}
            >
              Delete collection
            </button>
          </>
        }
      >
        {null}
      </Dialog>
    </div>
  );
}
