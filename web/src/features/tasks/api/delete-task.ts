import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { emitProductEvent } from '../../../lib/product-events';
import { toast } from '../../../lib/toast';
import { invalidateAfterTaskChange } from './invalidate';
import { taskPath, type TaskRef } from './task-ref';

/** DELETE /api/goals/:goalId/tasks/:taskId (soft delete). */
export const deleteTask = (ref: TaskRef) => apiClient.delete(taskPath(ref));

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: () => {
      toast.success('Task removed');
      emitProductEvent('task_deleted');
    },
    onError: (error) => toast.error(error.message || 'Could not remove the task. Please try again.'),
    onSettled: () => invalidateAfterTaskChange(queryClient),
  });
}
