import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectionRowSchema } from '@stride/domain/contracts/collections';
import { apiClient } from '../../../lib/api-client';
import { collectionKeys } from './keys';

const listSchema = collectionRowSchema.array();

/** GET /api/collections. */
export const listCollections = (signal?: AbortSignal) => apiClient.get('/collections', { schema: listSchema, signal });

export const collectionsQueryOptions = () =>
  queryOptions({ queryKey: collectionKeys.list(), queryFn: ({ signal }) => listCollections(signal) });

export const useCollections = () => useQuery(collectionsQueryOptions());
