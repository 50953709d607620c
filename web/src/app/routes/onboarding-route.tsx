import { useCallback } from 'react';
import { useGoalCreation } from '../../features/goals/hooks/use-goal-creation';
import { OnboardingPage } from '../../features/onboarding/components/onboarding-page';

/** /onboarding: the onboarding flow, with the goals feature creating the goal typed in its last step. */
export default function OnboardingRoute() {
  const { create } = useGoalCreation();
  const createFirstGoal = useCallback(
    (title: string) =>
      new Promise<boolean>((resolve) => {
        const started = create(
          { title, description: '', category: 'personal', priority: 'medium', target_date: null },
          { onSuccess: () => resolve(true), onError: () => resolve(false) },
        );
        if (!started) resolve(false);
      }),
    [create],
  );
  return <OnboardingPage createFirstGoal={createFirstGoal} />;
}
