import type { QueryClient } from '@tanstack/react-query';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { toast } from '../../../lib/toast';
import { changeTaskEverywhere, restoreGoalCache, type GoalCacheSnapshot } from '../lib/goal-task-cache';
import { invalidateAfterTaskChange } from './invalidate';
import type { TaskRef } from './task-ref';

/**
 * Mutation callbacks for a change of one task's state (start, complete, reopen): the goal screens and the
 * task lists (energy, planner) show it at once, as the server will (`change`, as the goals projection applies the event), the server's refusal
 * puts the goals back and says what went wrong (`failed` when it gives no message), and the task queries
 * are read again once it has settled, without the mutation waiting for that read. Before, the change showed
 * (and the task's button and the time dialog were free again) only after the read that followed the
 * server's answer: two round trips after the click.
 */
export function optimisticTaskChange<V extends TaskRef>(
  queryClient: QueryClient,
  change: (task: TaskRow, variables: V, now: string) => TaskRow,
  failed: string,
) {
  return {
    onMutate: async (variables: V): Promise<{ snapshot: GoalCacheSnapshot }> => {
      const now = new Date().toISOString();
      return { snapshot: await changeTaskEverywhere(queryClient, variables, (task) => change(task, variables, now)) };
    },
    onError: (error: Error, _variables: V, context: { snapshot: GoalCacheSnapshot } | undefined) => {
      if (context) restoreGoalCache(queryClient, context.snapshot);
      toast.error(error.message || failed);
    },
    // Not awaited: the mutation (and the button or dialog waiting on it) is done when the server answers,
    // not when the read after it is.
    onSettled: () => void invalidateAfterTaskChange(queryClient),
  };
}
