import { queryOptions, useQuery } from '@tanstack/react-query';
import { plansResponseSchema, type PlanResponse } from '@stride/domain/contracts/billing';
import { apiClient } from '../../../lib/api-client';
import { planKeys } from './keys';

export type Plan = PlanResponse;

/** GET /api/plans (public): the catalogue in presentation order. */
export const getPlans = async (signal?: AbortSignal): Promise<Plan[]> =>
  (await apiClient.get('/plans', { schema: plansResponseSchema, signal, readYourWrites: false })).plans;

export const plansQueryOptions = () =>
  queryOptions({ queryKey: planKeys.list(), queryFn: ({ signal }) => getPlans(signal), staleTime: 5 * 60_000 });

export const usePlans = () => useQuery(plansQueryOptions());
