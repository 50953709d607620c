import { queryRoots } from '../../../lib/query-client';

export const planKeys = {
  all: [queryRoots.plans] as const,
  list: () => [...planKeys.all, 'list'] as const,
};

export const billingKeys = {
  all: [queryRoots.billing] as const,
  status: () => [...billingKeys.all, 'status'] as const,
};
