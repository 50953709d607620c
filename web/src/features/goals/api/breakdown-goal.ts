import { useMutation, useQueryClient } from '@tanstack/react-query';
import { breakdownResponseSchema } from '@stride/domain/contracts/goals';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-client';
import { goalKeys } from './keys';

/** POST /api/goals/:goalId/breakdown: AI tasks; counts one AI generation in the same command. */
export const breakdownGoal = (goalId: string) =>
  apiClient.post(`/goals/${encodeURIComponent(goalId)}/breakdown`, {}, { schema: breakdownResponseSchema });

export function useBreakdownGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: breakdownGoal,
    onSettled: async (_data, _error, goalId) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: goalKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: goalKeys.detail(goalId) }),
        queryClient.invalidateQueries({ queryKey: [queryRoots.tasks] }),
      ]);
    },
  });
}
