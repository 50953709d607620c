import { queryRoots } from '../../../lib/query-client';
import type { AdminRange } from '../lib/admin-range';

export const adminKeys = {
  all: [queryRoots.admin] as const,
  funnel: (range: AdminRange, breakdown: string) => [...adminKeys.all, 'funnel', range, breakdown] as const,
  attribution: (range: AdminRange) => [...adminKeys.all, 'attribution', range] as const,
  streamHistory: (streamId: string) => [...adminKeys.all, 'stream-history', streamId] as const,
  streamPoint: (streamId: string, at: number, from: number) =>
    [...adminKeys.all, 'stream-point', streamId, at, from] as const,
  signupErrors: (range: AdminRange, offset: number) => [...adminKeys.all, 'signup-errors', range, offset] as const,
};
