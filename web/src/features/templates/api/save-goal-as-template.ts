import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { templateMutationResponseSchema, type saveTemplateBodySchema } from '@stride/domain/contracts/templates';
import { apiClient } from '../../../lib/api-client';
import { emitProductEvent } from '../../../lib/product-events';
import { toast } from '../../../lib/toast';
import { isPlanRequired } from '../lib/template-errors';
import { templateKeys } from './keys';

export type SaveGoalAsTemplateInput = z.input<typeof saveTemplateBodySchema>;

/** POST /api/templates: one of the caller's goals (with its tasks) saved as a template. */
export const saveGoalAsTemplate = (input: SaveGoalAsTemplateInput) =>
  apiClient.post('/templates', input, { schema: templateMutationResponseSchema });

export function useSaveGoalAsTemplate({ onPlanRequired }: { onPlanRequired?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGoalAsTemplate,
    onSuccess: () => {
      toast.success('Saved to your templates. Pick it when you create a goal.');
      emitProductEvent('feature_used', { feature: 'template_saved' });
    },
    onError: (error) => {
      if (isPlanRequired(error)) onPlanRequired?.();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.lists() }),
  });
}
