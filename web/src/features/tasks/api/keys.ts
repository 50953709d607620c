import { queryRoots } from '../../../lib/query-client';
import type { EnergyLevel } from '../lib/energy';

export interface EnergyFilters {
  readonly level: EnergyLevel;
  readonly availableMinutes?: number;
}

export const taskKeys = {
  all: [queryRoots.tasks] as const,
  energyLists: () => [...taskKeys.all, 'energy'] as const,
  energy: (filters: EnergyFilters) => [...taskKeys.energyLists(), filters] as const,
};
