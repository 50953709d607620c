import { queryOptions, useQuery } from '@tanstack/react-query';
import { goalSubtasksResponseSchema } from '@stride/domain/contracts/breakdowns';
import { apiClient } from '../../../lib/api-client';
import { breakdownKeys } from './keys';

/** GET /api/goals/:goalId/subtasks: the goal's sub-steps and progress rolled up to tasks and goal. */
export const getSubtasks = (goalId: string) =>
  apiClient.get(`/goals/${encodeURIComponent(goalId)}/subtasks`, { schema: goalSubtasksResponseSchema });

export const subtasksQueryOptions = (goalId: string) =>
  queryOptions({ queryKey: breakdownKeys.subtasks(goalId), queryFn: () => getSubtasks(goalId) });

export function useSubtasks(goalId: string) {
  return useQuery(subtasksQueryOptions(goalId));
}
