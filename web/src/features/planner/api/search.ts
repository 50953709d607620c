import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchResponseSchema, type SearchQuery } from '@stride/domain/contracts/planner';
import { apiClient } from '../../../lib/api-client';
import { plannerKeys } from './keys';

/** GET /api/planner/search?q=&goal_id=&energy=&status=&from=&to=. */
export const searchPlanner = (query: SearchQuery, signal?: AbortSignal) =>
  apiClient.get('/planner/search', { schema: searchResponseSchema, query: { ...query }, signal });

export const searchQueryOptions = (query: SearchQuery) =>
  queryOptions({
    queryKey: plannerKeys.search(query),
    queryFn: ({ signal }) => searchPlanner(query, signal),
    placeholderData: keepPreviousData,
  });

export const useSearch = (query: SearchQuery) => useQuery(searchQueryOptions(query));
