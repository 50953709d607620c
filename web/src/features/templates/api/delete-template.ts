import { useMutation, useQueryClient } from '@tanstack/react-query';
import { templateMutationResponseSchema } from '@stride/domain/contracts/templates';
import { apiClient } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { templateKeys } from './keys';

/** DELETE /api/templates/:id (one's own; allowed on every plan). */
export const deleteTemplate = (templateId: string) =>
  apiClient.delete(`/templates/${encodeURIComponent(templateId)}`, { schema: templateMutationResponseSchema });

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => toast.success('Template deleted'),
    onError: (error) => toast.error(error.message || "Couldn't delete the template. Try again."),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.lists() }),
  });
}
