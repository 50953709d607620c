import { queryOptions, useQuery } from '@tanstack/react-query';
import { energyResponseSchema } from '@stride/domain/contracts/goals';
import { apiClient } from '../../../lib/api-client';
import { taskKeys, type EnergyFilters } from './keys';

/** GET /api/tasks/energy?level=&availableMinutes=: open tasks that fit the energy (and time). */
export const getEnergyTasks = (filters: EnergyFilters, signal?: AbortSignal) =>
  apiClient.get('/tasks/energy', {
    schema: energyResponseSchema,
    query: { level: filters.level, availableMinutes: filters.availableMinutes },
    signal,
  });

export const energyTasksQueryOptions = (filters: EnergyFilters) =>
  queryOptions({ queryKey: taskKeys.energy(filters), queryFn: ({ signal }) => getEnergyTasks(filters, signal) });

export const useEnergyTasks = (filters: EnergyFilters | null) =>
  useQuery({ ...energyTasksQueryOptions(filters ?? { level: 'medium' }), enabled: filters !== null });
