import { queryRoots } from '../../../lib/query-client';
import type { GoalStatus } from '../lib/goal-options';

export interface GoalListFilters {
  readonly status?: GoalStatus;
}

export const goalKeys = {
  all: [queryRoots.goals] as const,
  lists: () => [...goalKeys.all, 'list'] as const,
  list: (filters: GoalListFilters = {}) => [...goalKeys.lists(), filters] as const,
  details: () => [...goalKeys.all, 'detail'] as const,
  detail: (goalId: string) => [...goalKeys.details(), goalId] as const,
};

export const preferenceKeys = {
  all: [queryRoots.preferences] as const,
  current: () => [...preferenceKeys.all, 'current'] as const,
};
