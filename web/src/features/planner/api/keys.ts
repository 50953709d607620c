import type { SearchQuery } from '@stride/domain/contracts/planner';
import type { EnergyLevel } from '@stride/domain/tasks/energy-workflow';
import { queryRoots } from '../../../lib/query-client';

export interface TodayFilters {
  readonly energy?: EnergyLevel;
  readonly availableMinutes?: number;
}

export const plannerKeys = {
  all: [queryRoots.planner] as const,
  today: (filters: TodayFilters) => [...plannerKeys.all, 'today', filters] as const,
  search: (query: SearchQuery) => [...plannerKeys.all, 'search', query] as const,
};
