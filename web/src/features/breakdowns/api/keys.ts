import { queryRoots } from '../../../lib/query-client';

/** Query keys of the breakdowns feature: a goal's sub-steps live under the tasks root (they are task data). */
export const breakdownKeys = {
  all: [queryRoots.tasks, 'subtasks'] as const,
  subtasks: (goalId: string) => [...breakdownKeys.all, goalId] as const,
};
