import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StepGranularity } from '@stride/domain/ai/breakdown';
import { breakDownTaskResponseSchema } from '@stride/domain/contracts/breakdowns';
import { apiClient } from '../../../lib/api-client';
import { breakdownKeys } from './keys';

export interface BreakDownTaskVariables {
  readonly goalId: string;
  readonly taskId: string;
  readonly granularity: StepGranularity;
}

/** POST /api/goals/:goalId/tasks/:taskId/breakdown: sub-steps for a task (counts one AI generation). */
export const breakDownTask = ({ goalId, taskId, granularity }: BreakDownTaskVariables) =>
  apiClient.post(
    `/goals/${encodeURIComponent(goalId)}/tasks/${encodeURIComponent(taskId)}/breakdown`,
    { granularity },
    { schema: breakDownTaskResponseSchema },
  );

export function useBreakDownTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: breakDownTask,
    onSettled: (_data, _error, { goalId }) =>
      queryClient.invalidateQueries({ queryKey: breakdownKeys.subtasks(goalId) }),
  });
}
