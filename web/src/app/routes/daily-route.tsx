import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SectionErrorBoundary } from '../../components/section-error-boundary';
import { useAuthSession } from '../../lib/auth-session';
import { useCurrentUser } from '../../lib/current-user';
import { greetingAt } from '../../lib/greeting';
import { browserTimeZone } from '../../lib/time-zone';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGoals } from '../../features/goals/api/list-goals';
import { useGoalChoices } from '../goal-choices';
import { GoalOverview } from '../../features/goals/components/goal-overview';
import { SelectedGoalPanel } from '../../features/goals/components/selected-goal-panel';
import { useSelectedGoal } from '../../features/goals/hooks/use-selected-goal';
import { TodayView } from '../../features/planner/components/today-view';
import { useCompleteTask } from '../../features/tasks/api/complete-task';
import { EnergyView } from '../../features/tasks/components/energy-view';
import { TaskList } from '../../features/tasks/components/task-list';
import { BreakdownDraftPanel } from '../../features/breakdowns/components/breakdown-draft-panel';
import { TaskSubtasks } from '../../features/breakdowns/components/task-subtasks';
import { useGoalProgress } from '../../features/breakdowns/hooks/use-goal-progress';

const dayFormatter = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

/** /daily: today's plan, goal overview, the selected goal with its tasks and AI breakdown, and the energy view. */
export default function DailyRoute() {
  useDocumentTitle('Today');
  const auth = useAuthSession();
  const { user } = useCurrentUser();
  const goals = useGoals({ status: 'active' });
  const { selected, selectedId, select } = useSelectedGoal(goals.data, auth.status === 'signed-in');
  const progressPercent = useGoalProgress(selected?.id ?? null);
  const complete = useCompleteTask();
  const goalChoices = useGoalChoices(goals.data);
  // A search result links here with ?goal=: that goal is shown.
  const [params] = useSearchParams();
  const linkedGoal = params.get('goal');
  const shownLink = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedGoal || shownLink.current === linkedGoal || !goals.data?.some((goal) => goal.id === linkedGoal)) return;
    shownLink.current = linkedGoal;
    select(linkedGoal);
  }, [linkedGoal, goals.data, select]);
  const now = new Date();
  const openTasks = goals.data?.reduce((sum, g) => sum + (g.task_count - g.completed_task_count), 0) ?? 0;
  const firstName = user?.name.split(' ')[0] ?? '';

  return (
    <div className="page page--wide daily">
      <header className="daily__header">
        <div>
          <p className="page-header__eyebrow">{dayFormatter.format(now)}</p>
          <h1 className="page-header__title">
            {greetingAt(now, user?.timeZone ?? browserTimeZone() ?? 'UTC')}
            {firstName ? `, ${firstName}` : ''}
          </h1>
          <p className="page-header__subtitle">
            {goals.data && goals.data.length > 0
              ? `${goals.data.length} active ${goals.data.length === 1 ? 'goal' : 'goals'} · ${openTasks} open ${openTasks === 1 ? 'task' : 'tasks'}. One small step is enough.`
              : 'Start with one goal. Stride will help you find the first step.'}
          </p>
        </div>
      </header>
      <div className="daily__grid">
        <div className="daily__side">
          <SectionErrorBoundary name="goal-overview">
            <GoalOverview
              goals={goals.data}
              isLoading={goals.isPending}
              selectedId={selectedId}
              onSelect={select}
              error={goals.error}
              onRetry={() => void goals.refetch()}
              retrying={goals.isFetching}
            />
          </SectionErrorBoundary>
        </div>
        <div className="daily__main">
          <SectionErrorBoundary name="today">
            <TodayView
              goals={goalChoices}
              onComplete={(task) => complete.mutate({ goalId: task.goal_id, taskId: task.id })}
              completingId={complete.isPending ? (complete.variables?.taskId ?? null) : null}
            />
          </SectionErrorBoundary>
          <SectionErrorBoundary name="selected-goal">
            <SelectedGoalPanel
              goal={selected}
              hasGoals={goals.isPending || (goals.data?.length ?? 0) > 0}
              aiBreakdown={selected ? <BreakdownDraftPanel key={selected.id} goal={selected} /> : undefined}
              progressPercent={progressPercent}
              tasks={
                selected ? (
                  <TaskList
                    goalId={selected.id}
                    tasks={selected.generated_tasks}
                    renderExtras={(task) => <TaskSubtasks goalId={selected.id} task={task} />}
                  />
                ) : null
              }
            />
          </SectionErrorBoundary>
          <SectionErrorBoundary name="energy-view">
            <EnergyView />
          </SectionErrorBoundary>
        </div>
      </div>
    </div>
  );
}
