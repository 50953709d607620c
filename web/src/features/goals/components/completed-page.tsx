import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { SectionErrorBoundary } from '../../../components/section-error-boundary';
import { PageLoading } from '../../../components/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGoals } from '../api/list-goals';
import { GoalGrid } from './goal-grid';
import { Icon } from '../../../components/icon';
import { LoadErrorNotice } from '../../../components/load-error-notice';

export function CompletedPage() {
  useDocumentTitle('Completed goals');
  const goals = useGoals({ status: 'completed' });
  const tasksDone = goals.data?.reduce((sum, g) => sum + g.completed_task_count, 0) ?? 0;

  return (
    <div className="page">
      <PageHeader title="Completed" subtitle="Every finished goal, and the steps it took to get there." />
      {goals.data && goals.data.length > 0 ? (
        <div className="stat-row">
          <div className="stat-card">
            <span className="stat-card__value">{goals.data.length}</span>
            <span className="stat-card__label">goals completed</span>
          </div>
          <div className="stat-card">
            <span className="stat-card__value">{tasksDone}</span>
            <span className="stat-card__label">tasks finished along the way</span>
          </div>
        </div>
      ) : null}
      <SectionErrorBoundary name="completed-goals">
        {goals.isError ? (
          <LoadErrorNotice
            what="your completed goals"
            error={goals.error}
            onRetry={() => void goals.refetch()}
            retrying={goals.isFetching}
          />
        ) : null}
        {goals.isPending && !goals.isError ? (
          <PageLoading label="Loading completed goals…" />
        ) : (goals.data ?? []).length === 0 ? (
          <EmptyState icon={<Icon name="flag" size={30} />} title="No completed goals yet">
            When you mark a goal as completed it moves here. Your first one is closer than you think.
          </EmptyState>
        ) : (
          <GoalGrid goals={goals.data ?? []} />
        )}
      </SectionErrorBoundary>
    </div>
  );
}
