import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { goalMutationResponseSchema, type GoalRow } from '@stride/domain/contracts/goals';
import type { createGoalFromTemplateBodySchema } from '@stride/domain/contracts/templates';
import { apiClient, isApiError } from '../../../lib/api-client';
import { emitProductEvent } from '../../../lib/product-events';
import { queryRoots } from '../../../lib/query-client';
import { toast } from '../../../lib/toast';
import { isPlanRequired } from '../lib/template-errors';

export type CreateGoalFromTemplateInput = { templateId: string } & z.input<typeof createGoalFromTemplateBodySchema>;

/** POST /api/templates/:id/goals: the goal with the template's tasks (counts as a goal created). */
export const createGoalFromTemplate = async ({ templateId, ...body }: CreateGoalFromTemplateInput): Promise<GoalRow> =>
  (
    await apiClient.post(`/templates/${encodeURIComponent(templateId)}/goals`, body, {
      schema: goalMutationResponseSchema,
    })
  ).goal;

interface Callbacks {
  /** 403 limit_reached: the month's goals are used up (the upgrade dialog's 'goals' trigger). */
  readonly onLimitReached?: () => void;
  /** 403 plan_required: the plan has no templates. */
  readonly onPlanRequired?: () => void;
  readonly onSettledUsage?: () => void;
}

export function useCreateGoalFromTemplate({ onLimitReached, onPlanRequired, onSettledUsage }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGoalFromTemplate,
    onSuccess: (goal) => {
      toast.success(`Goal created with ${goal.task_count} ${goal.task_count === 1 ? 'task' : 'tasks'}`);
      emitProductEvent('goal_created', { category: goal.category, priority: goal.priority });
      emitProductEvent('feature_used', { feature: 'template_used' });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'limit_reached') {
        toast.error("You've used this month's new goals. Upgrade to add more.");
        onLimitReached?.();
      } else if (isPlanRequired(error)) {
        onPlanRequired?.();
      } else {
        toast.error(error.message || "Couldn't create the goal. Try again.");
      }
    },
    onSettled: async () => {
      onSettledUsage?.();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [queryRoots.goals] }),
        queryClient.invalidateQueries({ queryKey: [queryRoots.user] }),
      ]);
    },
  });
}
