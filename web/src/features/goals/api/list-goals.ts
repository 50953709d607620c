import { queryOptions, useQuery } from '@tanstack/react-query';
import { listGoalsResponseSchema, type GoalRow } from '@stride/domain/contracts/goals';
import { apiClient, ApiError, isApiError } from '../../../lib/api-client';
import { GOALS_LIST_STALE_MS } from '../../../lib/query-client';
import { goalKeys, type GoalListFilters } from './keys';

/**
 * GET /api/goals/list?status=. Spec section 8: 401 gives 'Authentication required. Please sign in.'.
 *
 * DECISION (issue 13, item 8): other failures are errors too, no longer an empty list, so the screen
 * can say "couldn't load, retry" above its empty state instead of pretending there are no goals.
 */
export async function listGoals(filters: GoalListFilters = {}, signal?: AbortSignal): Promise<GoalRow[]> {
  try {
    return await apiClient.get('/goals/list', {
      schema: listGoalsResponseSchema,
      query: { status: filters.status },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    // A deleted account's session keeps its own words (what to do next), not the generic sign-in prompt.
    if (isApiError(error) && error.status === 401 && error.code !== 'account_deleted')
      throw new ApiError(401, error.serverMessage, error.details, error.code, {
        cause: error,
        userMessage: 'Authentication required. Please sign in.',
      });
    throw error;
  }
}

/** Spec section 9: goals list stale after 60 s, one retry. */
export const goalsListQueryOptions = (filters: GoalListFilters = {}) =>
  queryOptions({
    queryKey: goalKeys.list(filters),
    queryFn: ({ signal }) => listGoals(filters, signal),
    staleTime: GOALS_LIST_STALE_MS,
    // One retry, for failures a retry can fix (network, timeout, server errors).
    retry: (count, error) => count < 1 && isApiError(error) && (error.status === 0 || error.isServerError),
  });

export const useGoals = (filters: GoalListFilters = {}, options: { enabled?: boolean } = {}) =>
  useQuery({ ...goalsListQueryOptions(filters), enabled: options.enabled ?? true });
