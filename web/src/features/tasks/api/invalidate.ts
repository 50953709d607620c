import type { QueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-client';
import { taskKeys } from './keys';

/** Task changes show up in the energy lists, the goals (which embed their tasks and counts) and the planner. */
export function invalidateAfterTaskChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: taskKeys.all }),
    queryClient.invalidateQueries({ queryKey: [queryRoots.goals] }),
    queryClient.invalidateQueries({ queryKey: [queryRoots.planner] }),
  ]);
}
