import type { QueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-client';

/** A planning change shows in the planner's views, the goals (their task lists) and the energy lists. */
export const invalidateAfterPlanning = (queryClient: QueryClient) =>
  Promise.all(
    [queryRoots.planner, queryRoots.goals, queryRoots.tasks].map((root) =>
      queryClient.invalidateQueries({ queryKey: [root] }),
    ),
  );
