import type { goalStatusValues } from '@stride/domain/contracts/goals';
import type { GoalPriority } from '@stride/domain/goals/goal-events';

export type { GoalPriority };
export type GoalStatus = (typeof goalStatusValues)[number];

export const GOAL_CATEGORIES = [
  { value: 'personal', label: 'Personal' },
  { value: 'career', label: 'Career' },
  { value: 'health', label: 'Health & fitness' },
  { value: 'learning', label: 'Learning' },
  { value: 'finance', label: 'Finance' },
  { value: 'relationships', label: 'Relationships' },
  { value: 'creative', label: 'Creative' },
  { value: 'home', label: 'Home' },
] as const;

export const GOAL_PRIORITIES: readonly { value: GoalPriority; label: string }[] = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];

export function categoryLabel(value: string): string {
  return GOAL_CATEGORIES.find((c) => c.value === value)?.label ?? value.charAt(0).toUpperCase() + value.slice(1);
}

export function goalProgress(goal: { task_count: number; completed_task_count: number }): number {
  return goal.task_count === 0 ? 0 : Math.round((goal.completed_task_count / goal.task_count) * 100);
}
