import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subtaskMutationResponseSchema } from '@stride/domain/contracts/breakdowns';
import { apiClient } from '../../../lib/api-client';
import { breakdownKeys } from './keys';

export interface SubtaskActionVariables {
  readonly goalId: string;
  readonly taskId: string;
  readonly subtaskId: string;
  readonly action: 'complete' | 'reopen' | 'remove';
}

/** Tick, untick or remove one sub-step. */
export const subtaskAction = ({ goalId, taskId, subtaskId, action }: SubtaskActionVariables) => {
  const path = `/goals/${encodeURIComponent(goalId)}/tasks/${encodeURIComponent(taskId)}/subtasks/${encodeURIComponent(subtaskId)}`;
  const options = { schema: subtaskMutationResponseSchema };
  return action === 'remove' ? apiClient.delete(path, options) : apiClient.post(`${path}/${action}`, {}, options);
};

export function useSubtaskAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subtaskAction,
    onSettled: (_data, _error, { goalId }) =>
      queryClient.invalidateQueries({ queryKey: breakdownKeys.subtasks(goalId) }),
  });
}
