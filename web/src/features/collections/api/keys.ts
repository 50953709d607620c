import { queryRoots } from '../../../lib/query-client';

export const collectionKeys = {
  all: [queryRoots.collections] as const,
  lists: () => [...collectionKeys.all, 'list'] as const,
  list: () => [...collectionKeys.lists(), {}] as const,
  details: () => [...collectionKeys.all, 'detail'] as const,
  detail: (id: string) => [...collectionKeys.details(), id] as const,
};
