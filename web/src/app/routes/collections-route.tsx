import { useGoals } from '../../features/goals/api/list-goals';
import { CollectionsPage } from '../../features/collections/components/collections-page';

export default function CollectionsRoute() {
  const goals = useGoals();
  return <CollectionsPage goals={goals.data ?? []} />;
}
