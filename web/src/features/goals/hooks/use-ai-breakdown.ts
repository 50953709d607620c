import { useCallback } from 'react';
import { isBelowLimit } from '@stride/domain/plans/limits';
import { useCurrentUser } from '../../../lib/current-user';
import { useUpgradeDialog } from '../../../lib/upgrade-dialog';
import { toast } from '../../../lib/toast';
import { emitProductEvent } from '../../../lib/product-events';
import { useBreakdownGoal } from '../api/breakdown-goal';
import { isLimitReached } from '../api/create-goal';

/**
 * AI breakdown of a goal (spec section 5): allowed while the AI limit is unlimited or not reached;
 * 403 limit_reached from the server opens the upgrade dialog with the 'ai' trigger.
 */
export function useAiBreakdown() {
  const { user, beginUsage, reconcileUsage } = useCurrentUser();
  const { openUpgradeDialog } = useUpgradeDialog();
  const mutation = useBreakdownGoal();
  const canUseAi = user ? isBelowLimit(user.aiGenerationsThisMonth, user.aiGenerationsLimit) : false;

  const breakdown = useCallback(
    (goalId: string) => {
      if (!user) return;
      if (!isBelowLimit(user.aiGenerationsThisMonth, user.aiGenerationsLimit)) {
        openUpgradeDialog('ai');
        return;
      }
      beginUsage('ai');
      emitProductEvent('ai_generation_started');
      const toastId = toast.loading('Breaking your goal into steps…');
      mutation.mutate(goalId, {
        onSuccess: (result) => {
          toast.dismiss(toastId);
          reconcileUsage('ai', result.ai_generations_this_month);
          toast.success(result.added === 1 ? 'Added 1 task' : `Added ${result.added} tasks`);
          emitProductEvent('ai_generation_completed', { tasks: result.added });
        },
        onError: (error) => {
          toast.dismiss(toastId);
          reconcileUsage('ai');
          emitProductEvent('ai_generation_failed');
          if (isLimitReached(error)) {
            openUpgradeDialog('ai');
            return;
          }
          toast.error(error.message || 'The AI breakdown failed. Please try again.');
        },
      });
    },
    [beginUsage, mutation, openUpgradeDialog, reconcileUsage, user],
  );

  return {
    breakdown,
    canUseAi,
    isPending: mutation.isPending,
    pendingGoalId: mutation.isPending ? mutation.variables : null,
  };
}
