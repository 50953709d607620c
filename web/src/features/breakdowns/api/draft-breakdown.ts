import {
  draftStreamLineSchema,
  type DraftOptions,
  type DraftResponse,
  type DraftStep,
} from '@stride/domain/contracts/breakdowns';
import { apiClient, ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../../lib/api-client';

export interface DraftStreamListener {
  /** A step arrived (a model streams them one by one). */
  readonly onStep: (step: DraftStep, index: number) => void;
  /** The steps so far are void: the planner starts over. */
  readonly onRestart: () => void;
}

/**
 * POST /api/goals/:goalId/breakdown/draft as a stream: steps fill the draft as they arrive; resolves with
 * the whole draft (counts one AI generation; nothing is saved).
 */
export async function streamDraft(
  goalId: string,
  options: Partial<DraftOptions>,
  listener: DraftStreamListener,
): Promise<DraftResponse> {
  let draft: DraftResponse | null = null;
  await apiClient.postStream(`/goals/${encodeURIComponent(goalId)}/breakdown/draft`, options, (raw) => {
    const line = draftStreamLineSchema.parse(raw);
    if (line.type === 'step') listener.onStep(line.step, line.index);
    else if (line.type === 'restart') listener.onRestart();
    else if (line.type === 'draft') draft = line.draft;
    else throw new ApiError(line.status, line.error, undefined, line.code);
  });
  if (draft === null) {
    throw new ApiError(200, 'The draft stream ended early', undefined, undefined, {
      userMessage: UNEXPECTED_RESPONSE_MESSAGE,
    });
  }
  return draft;
}
