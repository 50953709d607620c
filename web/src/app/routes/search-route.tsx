import { useMemo } from 'react';
import { useGoals } from '../../features/goals/api/list-goals';
import { SearchPage } from '../../features/planner/components/search-page';

/** /search: the planner's search, with the user's goals to filter by. */
export default function SearchRoute() {
  const goals = useGoals({});
  const choices = useMemo(
    () => (goals.data ?? []).map((goal) => ({ goalId: goal.id, title: goal.title })),
    [goals.data],
  );
  return <SearchPage goals={choices} />;
}
