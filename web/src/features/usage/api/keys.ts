import { queryRoots } from '../../../lib/query-client';

export const userKeys = {
  all: [queryRoots.user] as const,
  records: () => [...userKeys.all, 'record'] as const,
  record: (userId: string) => [...userKeys.records(), userId] as const,
  bypass: (userId: string) => [...userKeys.all, 'bypass', userId] as const,
};
