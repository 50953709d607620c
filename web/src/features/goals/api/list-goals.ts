import { queryOptions, useQuery } from '@tanstack/react-query';
import { listGoalsResponseSchema, type GoalRow } from '@stride/domain/contracts/goals';
import { apiClient, isApiError } from '../../../lib/api-client';
import { GOALS_LIST_STALE_MS } from '../../../lib/query-client';
import { goalKeys, type GoalListFilters } from './keys';

/**
 * GET /api/goals/list?status=. Spec section 8: 401 gives 'Authentication required. Please sign in.';
 * other failures return an empty list.
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
    if (isApiError(error) && error.status === 401)
      throw new Error('Authentication required. Please sign in.', { cause: error });
    if (isApiError(error) && (error.isServerError || error.status === 0)) throw error; // let the one retry happen
    return [];
  }
}

/** Spec section 9: goals list stale after 60 s, one retry. */
export const goalsListQueryOptions = (filters: GoalListFilters = {}) =>
  queryOptions({
    queryKey: goalKeys.list(filters),
    queryFn: ({ signal }) => listGoals(filters, signal),
    staleTime: GOALS_LIST_STALE_MS,
    retry: 1,
  });

export const useGoals = (filters: GoalListFilters = {}, options: { enabled?: boolean } = {}) =>
  useQuery({ ...goalsListQueryOptions(filters), enabled: options.enabled ?? true });
