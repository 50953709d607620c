import { queryRoots } from '../../../lib/query-client';
import type { DateRange } from '../lib/date-range';

export const analyticsKeys = {
  all: [queryRoots.analytics] as const,
  daily: (userId: string, range: DateRange) => [...analyticsKeys.all, 'daily', userId, range] as const,
  user: (userId: string) => [...analyticsKeys.all, 'user', userId] as const,
  userSimple: (userId: string) => [...analyticsKeys.all, 'user-simple', userId] as const,
};
