import { useMutation, useQueryClient } from '@tanstack/react-query';
import { goalMutationResponseSchema } from '@stride/domain/contracts/goals';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-client';

/** POST /api/goals/update with a new target date: the overload warning's "move the target date". */
export const moveTargetDate = ({ goalId, targetDate }: { goalId: string; targetDate: string }) =>
  apiClient.post(
    '/goals/update',
    { goalId, updates: { target_date: targetDate } },
    { schema: goalMutationResponseSchema },
  );

export function useMoveTargetDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveTargetDate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [queryRoots.goals] }),
  });
}
