import { queryOptions, useQuery } from '@tanstack/react-query';
import { goalRowSchema } from '@stride/domain/contracts/goals';
import { apiClient } from '../../../lib/api-client';
import { goalKeys } from './keys';

/** GET /api/goals/:goalId. */
export const getGoal = (goalId: string, signal?: AbortSignal) =>
  apiClient.get(`/goals/${encodeURIComponent(goalId)}`, { schema: goalRowSchema, signal });

export const goalQueryOptions = (goalId: string) =>
  queryOptions({ queryKey: goalKeys.detail(goalId), queryFn: ({ signal }) => getGoal(goalId, signal) });

export const useGoal = (goalId: string | null) =>
  useQuery({ ...goalQueryOptions(goalId ?? ''), enabled: Boolean(goalId) });
