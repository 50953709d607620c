import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { plansResponseSchema } from '@stride/domain/contracts/billing';
import { subscriptionTiers } from '@stride/domain/plans/plan-catalogue';

/** GET /api/plans (public): the plan catalogue with this deployment's price identifiers. */
const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  const { billing } = app.services;
  app.get('/', { schema: { response: { 200: plansResponseSchema } } }, async () => ({
    plans: subscriptionTiers.map((tier) => ({
      ...billing.catalogue[tier],
      features: [...billing.catalogue[tier].features],
    })),
    paymentsMode: billing.mode,
  }));
};

export default plansRoutes;
