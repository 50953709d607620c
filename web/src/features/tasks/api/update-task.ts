import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { taskMutationResponseSchema, type updateTaskBodySchema } from '@stride/domain/contracts/goals';
import { apiClient } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { invalidateAfterTaskChange } from './invalidate';
import { taskPath, type TaskRef } from './task-ref';

export type TaskChangesInput = z.input<typeof updateTaskBodySchema>;

/** PATCH /api/goals/:goalId/tasks/:taskId {title?, description?, estimated_minutes?, energy_level?}. */
export const updateTask = ({ changes, ...ref }: TaskRef & { changes: TaskChangesInput }) =>
  apiClient.patch(taskPath(ref), changes, { schema: taskMutationResponseSchema });

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    onSuccess: () => toast.success('Task saved'),
    onError: (error) => toast.error(error.message || 'Could not save the task. Check the fields and try again.'),
    onSettled: () => invalidateAfterTaskChange(queryClient),
  });
}
