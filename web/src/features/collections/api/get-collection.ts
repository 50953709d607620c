import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectionRowSchema } from '@stride/domain/contracts/collections';
import { apiClient } from '../../../lib/api-client';
import { collectionKeys } from './keys';

/** GET /api/collections/:id. */
export const getCollection = (id: string, signal?: AbortSignal) =>
  apiClient.get(`/collections/${encodeURIComponent(id)}`, { schema: collectionRowSchema, signal });

export const collectionQueryOptions = (id: string) =>
  queryOptions({ queryKey: collectionKeys.detail(id), queryFn: ({ signal }) => getCollection(id, signal) });

export const useCollection = (id: string) => useQuery(collectionQueryOptions(id));
