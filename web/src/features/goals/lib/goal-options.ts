import {
  goalCategoryValues,
  goalPrioritySchema,
  type GoalCategory,
  type GoalPriority,
  type GoalStatus,
} from '@stride/domain/goals/goal-events';

import { goalStatusLabel } from '../../../lib/goal-status';

export type { GoalPriority, GoalStatus };

const CATEGORY_LABELS: Record<GoalCategory, string> = {
  personal: 'Personal',
  career: 'Career',
  health: 'Health & fitness',
  learning: 'Learning',
  finance: 'Finance',
  relationships: 'Relationships',
  creative: 'Creative',
  home: 'Home',
};

/** The categories the goal form offers: the domain's list (goalCategoryValues), labelled. */
export const GOAL_CATEGORIES: readonly { value: GoalCategory; label: string }[] = goalCategoryValues.map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));

const PRIORITY_LABELS: Record<GoalPriority, string> = { low: 'Low', medium: 'Medium', high: 'High' };

export const GOAL_PRIORITIES: readonly { value: GoalPriority; label: string }[] = goalPrioritySchema.options.map(
  (value) => ({ value, label: PRIORITY_LABELS[value] }),
);

/** "Medium priority": sentence case, as the goal form says it. */
export const priorityLabel = (value: GoalPriority): string => `${PRIORITY_LABELS[value]} priority`;

/** A goal's status in words: declared in lib/goal-status, which collections and search use too. */
export const statusLabel = goalStatusLabel;

export function categoryLabel(value: string): string {
  return GOAL_CATEGORIES.find((c) => c.value === value)?.label ?? value.charAt(0).toUpperCase() + value.slice(1);
}

export function goalProgress(goal: { task_count: number; completed_task_count: number }): number {
  return goal.task_count === 0 ? 0 : Math.round((goal.completed_task_count / goal.task_count) * 100);
}
