import { useMemo } from 'react';
import { useGoals } from '../../features/goals/api/list-goals';
import { PlannerKeyboard } from '../../features/planner/components/planner-keyboard';

/** The planner's keyboard access (palette, quick add, shortcuts), given the user's active goals. */
export function PlannerCommands() {
  const goals = useGoals({ status: 'active' });
  const choices = useMemo(
    () => (goals.data ?? []).map((goal) => ({ goalId: goal.id, title: goal.title })),
    [goals.data],
  );
  return <PlannerKeyboard goals={choices} />;
}
