import { queryOptions, useQuery } from '@tanstack/react-query';
import { serverUserRecordSchema, type ServerUserRecord } from '@stride/domain/contracts/users';
import { apiClient } from '../../../lib/api-client';
import type { UserDataSource, ClientUserData } from '../../../lib/current-user';
import { userKeys } from './keys';

/** GET /api/user/get-user-data-simple: the server user record. */
export const getUserDataSimple = (signal?: AbortSignal): Promise<ServerUserRecord> =>
  apiClient.get('/user/get-user-data-simple', { schema: serverUserRecordSchema, signal });

export interface LoadedUserData {
  readonly user: ClientUserData;
  readonly source: UserDataSource;
}

/** The record query; `load` applies the spec's fallbacks (cache of the same month, then defaults). */
export const userDataQueryOptions = (userId: string, load: (signal?: AbortSignal) => Promise<LoadedUserData>) =>
  queryOptions({
    queryKey: userKeys.record(userId),
    queryFn: ({ signal }) => load(signal),
    // The loader never throws: it falls back instead.
    retry: 0,
  });

export const useUserDataQuery = (
  userId: string,
  load: (signal?: AbortSignal) => Promise<LoadedUserData>,
  enabled: boolean,
) => useQuery({ ...userDataQueryOptions(userId, load), enabled });
