import type { Goal } from '../goals/goal-events';
import { rate } from './user-metrics';

/** A goal's analytics (the response of GET /api/analytics/goal-metrics), from its replayed state. */
export interface GoalMetricsFigures {
  readonly goalId: string;
  readonly userId: string;
  readonly status: 'active' | 'completed' | 'abandoned' | 'deleted';
  readonly createdAt: string;
  readonly completedAt: string | null;
  readonly daysToComplete: number | null;
  readonly tasksTotal: number;
  readonly tasksCompleted: number;
  readonly taskCompletionRate: number;
  readonly estimatedMinutes: number;
  readonly actualMinutes: number;
  readonly estimateAccuracy: number | null;
  readonly aiBreakdowns: number;
}

const MS_PER_DAY = 86_400_000;

/**
 * - tasks: the goal's tasks that are not deleted; estimatedMinutes and actualMinutes sum over them;
 * - estimateAccuracy: the mean over completed tasks with logged minutes of min(estimate, actual) /
 *   max(estimate, actual), so 1 means every estimate was exact and 0.5 means off by a factor of two;
 * - daysToComplete: whole days from creation to completion.
 * `aiBreakdowns` (AI batches generated for the goal) is counted by the caller from the goal's events.
 */
export function goalMetricsFromState(goal: Goal, aiBreakdowns: number): GoalMetricsFigures {
  const tasks = goal.tasks.items.filter((task) => task.deletedAt === null);
  const done = tasks.filter((task) => task.status === 'done');
  const ratios = done
    .filter((task) => task.actualMinutes !== null && task.actualMinutes > 0)
    .map((task) => {
      const actual = task.actualMinutes ?? 0;
      return Math.min(task.estimatedMinutes, actual) / Math.max(task.estimatedMinutes, actual);
    });
  const completedMs = goal.completedAt === null ? null : Date.parse(goal.completedAt) - Date.parse(goal.createdAt);
  return {
    goalId: goal.goalId,
    userId: goal.userId,
    status: goal.deletedAt !== null ? 'deleted' : goal.status,
    createdAt: goal.createdAt,
    completedAt: goal.completedAt,
    daysToComplete: completedMs === null ? null : Math.max(0, Math.floor(completedMs / MS_PER_DAY)),
    tasksTotal: tasks.length,
    tasksCompleted: done.length,
    taskCompletionRate: rate(done.length, tasks.length),
    estimatedMinutes: tasks.reduce((sum, task) => sum + task.estimatedMinutes, 0),
    actualMinutes: tasks.reduce((sum, task) => sum + (task.actualMinutes ?? 0), 0),
    estimateAccuracy:
      ratios.length === 0 ? null : Math.round((ratios.reduce((a, b) => a + b, 0) / ratios.length) * 1000) / 1000,
    aiBreakdowns,
  };
}
