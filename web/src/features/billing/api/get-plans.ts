import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { subscriptionTierSchema } from '@stride/domain/plans/plan-catalogue';
import { apiClient } from '../../../lib/api-client';
import { planKeys } from './keys';

/** A plan as GET /api/plans serves it (the domain's PlanDefinition). */
export const planSchema = z.object({
  id: subscriptionTierSchema,
  name: z.string(),
  headline: z.string(),
  subheadline: z.string(),
  description: z.string(),
  priceCents: z.number(),
  priceDisplay: z.string(),
  stripePriceId: z.string().nullable(),
  limits: z.object({ goalsPerMonth: z.number(), aiGenerationsPerMonth: z.number() }),
  features: z.array(z.string()),
  bestFor: z.string(),
  valueProposition: z.string().optional(),
  popular: z.boolean(),
  legacy: z.boolean(),
  purchasable: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

const plansResponseSchema = z.union([z.array(planSchema), z.object({ plans: z.array(planSchema) }).transform((r) => r.plans)]);

/** GET /api/plans (public). */
export const getPlans = (signal?: AbortSignal): Promise<Plan[]> =>
  apiClient.get('/plans', { schema: plansResponseSchema, signal, readYourWrites: false });

export const plansQueryOptions = () =>
  queryOptions({ queryKey: planKeys.list(), queryFn: ({ signal }) => getPlans(signal), staleTime: 5 * 60_000 });

export const usePlans = () => useQuery(plansQueryOptions());
