import { useMutation, useQueryClient } from '@tanstack/react-query';
import { goalMutationResponseSchema, type GoalRow } from '@stride/domain/contracts/goals';
import { apiClient, ApiError, isApiError } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-client';
import { toast } from '../../../lib/toast';
import { emitProductEvent } from '../../../lib/product-events';
import {
  addGoalToLists,
  optimisticGoalRow,
  removeGoalFromLists,
  restoreGoalLists,
  snapshotGoalLists,
  type GoalListSnapshot,
  type NewGoalInput,
} from '../lib/optimistic-goals';
import { goalKeys } from './keys';

export type CreateGoalInput = NewGoalInput;

/**
 * POST /api/goals/create-simple. Spec section 8: a user id is required; 401 -> 'Authentication
 * required. Please sign in again.'; 403 is rethrown as is (limit reached, plan); others -> 'Failed to
 * create goal. Please try again.'
 */
export async function createGoal(input: CreateGoalInput): Promise<GoalRow> {
  if (!input.userId) throw new Error('User ID is required');
  try {
    const { goal } = await apiClient.post(
      '/goals/create-simple',
      {
        id: input.id,
        title: input.title,
        description: input.description,
        target_date: input.target_date,
        category: input.category,
        priority: input.priority,
        status: 'active',
      },
      { schema: goalMutationResponseSchema },
    );
    return goal;
  } catch (error) {
    if (isApiError(error) && error.status === 401)
      throw new ApiError(401, error.serverMessage, error.details, error.code, {
        cause: error,
        userMessage: 'Authentication required. Please sign in again.',
      });
    if (isApiError(error) && error.status === 403) throw error;
    throw new Error('Failed to create goal. Please try again.', { cause: error });
  }
}

export const isLimitReached = (error: unknown): boolean =>
  isApiError(error) && error.status === 403 && error.code === 'limit_reached';

interface Callbacks {
  readonly onLimitReached?: () => void;
  readonly onSettledUsage?: () => void;
}

/** Optimistic: the goal appears at once, is rolled back on error, then the lists are refetched. */
export function useCreateGoal({ onLimitReached, onSettledUsage }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation<GoalRow, Error, CreateGoalInput, { snapshot: GoalListSnapshot }>({
    mutationFn: createGoal,
    onMutate: async (input) => {
      const snapshot = await snapshotGoalLists(queryClient);
      addGoalToLists(queryClient, optimisticGoalRow(input));
      return { snapshot };
    },
    onError: (error, _input, context) => {
      if (context) restoreGoalLists(queryClient, context.snapshot);
      if (isLimitReached(error)) {
        toast.error('You have reached your goal limit for this month.');
        onLimitReached?.();
      } else {
        toast.error(error.message || 'Failed to create goal. Please try again.');
      }
    },
    onSuccess: (goal, input) => {
      // The server's id is derived from the client's (per user), so the optimistic row gives way to the real one.
      removeGoalFromLists(queryClient, input.id);
      addGoalToLists(queryClient, goal);
      toast.success('Goal created');
      emitProductEvent('goal_created', { category: goal.category, priority: goal.priority });
    },
    onSettled: async () => {
      onSettledUsage?.();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: goalKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: [queryRoots.user] }),
      ]);
    },
  });
}
