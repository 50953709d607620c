import { queryRoots } from '../../../lib/query-client';
import type { AdminRange } from '../lib/admin-range';

export const adminKeys = {
  all: [queryRoots.admin] as const,
  funnel: (range: AdminRange) => [...adminKeys.all, 'funnel', range] as const,
  attribution: (range: AdminRange) => [...adminKeys.all, 'attribution', range] as const,
  signupErrors: (range: AdminRange) => [...adminKeys.all, 'signup-errors', range] as const,
};
