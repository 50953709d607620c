import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { SectionErrorBoundary } from '../../../components/section-error-boundary';
import { PageLoading } from '../../../components/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateCollection } from '../api/create-collection';
import { useCollections } from '../api/list-collections';
import type { CollectionGoal } from '../lib/collection-goal';
import { CollectionForm } from './collection-form';
import { Icon } from '../../../components/icon';

export function CollectionsPage({ goals }: { readonly goals: readonly CollectionGoal[] }) {
  useDocumentTitle('Collections');
  const collections = useCollections();
  const create = useCreateCollection();
  const [creating, setCreating] = useState(false);
  const byId = new Map(goals.map((g) => [g.id, g]));

  return (
    <div className="page">
      <PageHeader
        title="Collections"
        subtitle="Group related goals — a season, a project, an area of life."
        actions={
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            <Icon name="plus" size={18} /> New collection
          </button>
        }
      />
      {creating ? (
        <section className="card card--padded" aria-label="New collection">
          <CollectionForm
            busy={create.isPending}
            onCancel={() => setCreating(false)}
            onSubmit={(input) => create.mutate(input, { onSuccess: () => setCreating(false) })}
          />
        </section>
      ) : null}
      <SectionErrorBoundary name="collections-list">
        {collections.isPending ? (
          <PageLoading label="Loading collections…" />
        ) : collections.isError ? (
          <p className="form-error" role="alert">
            {collections.error.message}
          </p>
        ) : collections.data.length === 0 ? (
          // While the new-collection form is open, "No collections yet" and its button would repeat it.
          creating ? null : (
            <EmptyState
              icon={<Icon name="layers" size={30} />}
              title="No collections yet"
              action={
                <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
                  Create a collection
                </button>
              }
            >
              Collections keep related goals together, like “Marathon prep” or “Career growth”.
            </EmptyState>
          )
        ) : (
          <div className="collection-grid">
            {collections.data.map((collection) => {
              const members = collection.goal_ids
                .map((id) => byId.get(id))
                .filter((g): g is CollectionGoal => Boolean(g));
              const done = members.filter((g) => g.status === 'completed').length;
              return (
                <Link
                  key={collection.id}
                  to={`/collections/${collection.id}`}
                  className="collection-card"
                  style={{ '--accent': collection.color ?? '#6366f1' } as React.CSSProperties}
                >
                  <span className="collection-card__bar" aria-hidden="true" />
                  <h2 className="collection-card__name">{collection.name}</h2>
                  {collection.description ? (
                    <p className="collection-card__description">{collection.description}</p>
                  ) : null}
                  <p className="collection-card__meta">
                    {collection.goal_ids.length} {collection.goal_ids.length === 1 ? 'goal' : 'goals'}
                    {members.length > 0 ? ` · ${done} completed` : ''}
                  </p>
                  <ul className="collection-card__goals" aria-label="Goals in this collection">
                    {members.slice(0, 3).map((g) => (
                      <li key={g.id}>{g.title}</li>
                    ))}
                  </ul>
                </Link>
              );
            })}
          </div>
        )}
      </SectionErrorBoundary>
    </div>
  );
}
