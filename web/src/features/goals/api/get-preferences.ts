import { queryOptions, useQuery } from '@tanstack/react-query';
import { userDataResponseSchema } from '@stride/domain/contracts/users';
import { apiClient } from '../../../lib/api-client';
import { preferenceKeys } from './keys';

/** GET /api/user/get-user-data: the user's preferences (lastViewedGoalId). */
export const getPreferences = (signal?: AbortSignal) =>
  apiClient.get('/user/get-user-data', { schema: userDataResponseSchema, signal });

export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: preferenceKeys.current(), queryFn: ({ signal }) => getPreferences(signal) });

export const usePreferences = (enabled = true) => useQuery({ ...preferencesQueryOptions(), enabled });
