import { useMutation } from '@tanstack/react-query';
import { regenerateStepResponseSchema, type DraftOptions, type DraftStep } from '@stride/domain/contracts/breakdowns';
import { apiClient } from '../../../lib/api-client';

export interface RegenerateStepVariables {
  readonly goalId: string;
  readonly options: Partial<DraftOptions>;
  readonly steps: readonly DraftStep[];
  readonly index: number;
}

/** POST .../breakdown/draft/regenerate-step: another step in place of one (free: no AI generation counted). */
export const regenerateStep = ({ goalId, options, steps, index }: RegenerateStepVariables) =>
  apiClient.post(
    `/goals/${encodeURIComponent(goalId)}/breakdown/draft/regenerate-step`,
    { ...options, steps, index },
    { schema: regenerateStepResponseSchema },
  );

export function useRegenerateStep() {
  return useMutation({ mutationFn: regenerateStep });
}
