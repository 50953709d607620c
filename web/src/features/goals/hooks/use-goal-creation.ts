import { useCallback } from 'react';
import type { GoalRow } from '@stride/domain/contracts/goals';
import { isBelowLimit } from '@stride/domain/plans/limits';
import { useCurrentUser } from '../../../lib/current-user';
import { useUpgradeDialog } from '../../../lib/upgrade-dialog';
import { isLimitReached, useCreateGoal } from '../api/create-goal';
import { newGoalId } from '../lib/optimistic-goals';
import type { GoalPriority } from '../lib/goal-options';

export interface GoalDraft {
  readonly title: string;
  readonly description: string;
  readonly category: string;
  readonly priority: GoalPriority;
  readonly target_date: string | null;
}

/**
 * Spec section 5: a goal can be created only while goalsLimit is unlimited or the month's count is
 * below it; otherwise the upgrade dialog opens with the 'goals' trigger. The local counter rises at
 * once and is reconciled with the server afterwards.
 */
export function useGoalCreation() {
  const { user, beginUsage, reconcileUsage } = useCurrentUser();
  const { openUpgradeDialog } = useUpgradeDialog();
  const mutation = useCreateGoal({
    onLimitReached: () => openUpgradeDialog('goals'),
    onSettledUsage: () => reconcileUsage('goals'),
  });

  const canCreate = user ? isBelowLimit(user.goalsThisMonth, user.goalsLimit) : false;

  const create = useCallback(
    (draft: GoalDraft, options: { onSuccess?: (goal: GoalRow) => void; onError?: (error: Error) => void } = {}) => {
      if (!user) return false;
      if (!isBelowLimit(user.goalsThisMonth, user.goalsLimit)) {
        openUpgradeDialog('goals');
        return false;
      }
      beginUsage('goals');
      mutation.mutate(
        { id: newGoalId(), userId: user.id, ...draft },
        { onSuccess: (goal) => options.onSuccess?.(goal), onError: (error) => options.onError?.(error) },
      );
      return true;
    },
    [beginUsage, mutation, openUpgradeDialog, user],
  );

  const promptUpgrade = useCallback(() => openUpgradeDialog('goals'), [openUpgradeDialog]);

  // A failed create (other than the limit, which opens the upgrade dialog) is shown where the form is.
  const error = mutation.error && !isLimitReached(mutation.error) ? mutation.error : null;

  return { create, canCreate, promptUpgrade, isPending: mutation.isPending, user, error };
}
