import { useMutation, useQueryClient } from '@tanstack/react-query';
import { plannedTaskMutationSchema } from '@stride/domain/contracts/planner';
import { apiClient } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { invalidateAfterPlanning } from './invalidate';

export interface ScheduleTask {
  readonly goalId: string;
  readonly taskId: string;
  /** The local date to plan it on; null unplans it. */
  readonly doDate: string | null;
}

/** POST /api/goals/:goalId/tasks/:taskId/schedule {do_date}. */
export const scheduleTask = ({ goalId, taskId, doDate }: ScheduleTask) =>
  apiClient.post(
    `/goals/${encodeURIComponent(goalId)}/tasks/${encodeURIComponent(taskId)}/schedule`,
    { do_date: doDate },
    { schema: plannedTaskMutationSchema },
  );

export function useScheduleTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleTask,
    onError: (error) => toast.error(error.message || 'Could not plan the task. Please try again.'),
    onSettled: () => invalidateAfterPlanning(queryClient),
  });
}
