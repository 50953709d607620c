import type { GoalStatus } from '@stride/domain/goals/goal-events';

const GOAL_STATUS_LABELS: Readonly<Record<GoalStatus, string>> = {
  active: 'Active',
  completed: 'Completed',
  abandoned: 'Abandoned',
};

/**
 * A goal's status as every screen says it ("Active"): the goals feature, collections and search alike. A
 * status this build does not know (search answers with a plain string) reads as the server sent it.
 */
export const goalStatusLabel = (value: string): string =>
  Object.hasOwn(GOAL_STATUS_LABELS, value) ? GOAL_STATUS_LABELS[value as GoalStatus] : value;
