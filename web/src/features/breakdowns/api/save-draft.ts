import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveDraftResponseSchema, type DraftStep, type PlannerSource } from '@stride/domain/contracts/breakdowns';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-client';

export interface SaveDraftVariables {
  readonly goalId: string;
  readonly steps: readonly DraftStep[];
  readonly source: PlannerSource | null;
}

/** POST .../breakdown/draft/save: the reviewed steps become the goal's tasks (free: the draft was counted). */
export const saveDraft = ({ goalId, steps, source }: SaveDraftVariables) =>
  apiClient.post(
    `/goals/${encodeURIComponent(goalId)}/breakdown/draft/save`,
    { steps, ...(source && { source: { provider: source.provider, model: source.model } }) },
    { schema: saveDraftResponseSchema },
  );

export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDraft,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [queryRoots.goals] }),
        queryClient.invalidateQueries({ queryKey: [queryRoots.tasks] }),
      ]),
  });
}
