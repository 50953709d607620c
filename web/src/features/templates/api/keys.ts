import { queryRoots } from '../../../lib/query-client';

export const templateKeys = {
  all: [queryRoots.templates] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
  list: () => [...templateKeys.lists(), {}] as const,
};
