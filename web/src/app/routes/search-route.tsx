import { useGoals } from '../../features/goals/api/list-goals';
import { useGoalChoices } from '../goal-choices';
import { SearchPage } from '../../features/planner/components/search-page';

/** /search: the planner's search, with the user's goals to filter by. */
export default function SearchRoute() {
  const goals = useGoals({});
  const choices = useGoalChoices(goals.data);
  return <SearchPage goals={choices} />;
}
