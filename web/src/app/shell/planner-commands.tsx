import { useGoals } from '../../features/goals/api/list-goals';
import { useGoalChoices } from '../goal-choices';
import { PlannerKeyboard } from '../../features/planner/components/planner-keyboard';

/** The planner's keyboard access (palette, quick add, shortcuts), given the user's active goals. */
export function PlannerCommands() {
  const goals = useGoals({ status: 'active' });
  const choices = useGoalChoices(goals.data);
  return <PlannerKeyboard goals={choices} />;
}
