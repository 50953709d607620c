import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { tasksMutationResponseSchema, type newTaskSchema } from '@stride/domain/contracts/goals';
import { apiClient } from '../../../lib/api-client';
import { emitProductEvent } from '../../../lib/product-events';
import { toast } from '../../../lib/toast';
import { invalidateAfterTaskChange } from './invalidate';

export type NewTask = z.input<typeof newTaskSchema>;

/** POST /api/goals/:goalId/tasks {tasks}: manual tasks (the server de-duplicates batches). */
export const addTasks = ({ goalId, tasks }: { goalId: string; tasks: NewTask[] }) =>
  apiClient.post(`/goals/${encodeURIComponent(goalId)}/tasks`, { tasks }, { schema: tasksMutationResponseSchema });

export function useAddTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTasks,
    onSuccess: (result) => {
      if (result.added === 0) toast('That task is already on the list');
      else {
        toast.success(result.added === 1 ? 'Task added' : `${result.added} tasks added`);
        emitProductEvent('task_created', { count: result.added });
      }
    },
    onError: (error) => toast.error(error.message || 'Could not add the task. Please try again.'),
    onSettled: () => invalidateAfterTaskChange(queryClient),
  });
}
