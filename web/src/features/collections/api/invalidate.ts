import type { QueryClient } from '@tanstack/react-query';
import type { CollectionRow } from '@stride/domain/contracts/collections';
import { queryRoots } from '../../../lib/query-client';
import { collectionKeys } from './keys';

/** After a collection command: put the returned row in the cache, refetch lists and goals (collection_ids). */
export function applyCollectionChange(queryClient: QueryClient, collection: CollectionRow | null, removedId?: string) {
  if (collection) queryClient.setQueryData(collectionKeys.detail(collection.id), collection);
  if (removedId) queryClient.removeQueries({ queryKey: collectionKeys.detail(removedId) });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: collectionKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: [queryRoots.goals] }),
  ]);
}
