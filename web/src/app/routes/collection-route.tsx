import { useParams } from 'react-router-dom';
import { useGoals } from '../../features/goals/api/list-goals';
import { CollectionPage } from '../../features/collections/components/collection-page';

export default function CollectionRoute() {
  const { collectionId = '' } = useParams();
  const goals = useGoals();
  return <CollectionPage key={collectionId} collectionId={collectionId} goals={goals.data ?? []} />;
}
