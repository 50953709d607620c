import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { todayResponseSchema } from '@stride/domain/contracts/planner';
import { apiClient } from '../../../lib/api-client';
import { plannerKeys, type TodayFilters } from './keys';

/** GET /api/planner/today?energy=&availableMinutes=: the day's plan, overdue tasks and the week strip. */
export const getToday = (filters: TodayFilters, signal?: AbortSignal) =>
  apiClient.get('/planner/today', {
    schema: todayResponseSchema,
    query: { energy: filters.energy, availableMinutes: filters.availableMinutes },
    signal,
  });

export const todayQueryOptions = (filters: TodayFilters) =>
  queryOptions({
    queryKey: plannerKeys.today(filters),
    queryFn: ({ signal }) => getToday(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useToday = (filters: TodayFilters) => useQuery(todayQueryOptions(filters));
