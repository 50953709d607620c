import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutRoutes } from './checkout-routes';
import { portalRoutes } from './portal-routes';
import { subscriptionRoutes } from './subscription-routes';
import { testModeRoutes } from './test-mode-routes';
import { webhookRoutes } from './webhook-routes';

/** /api/stripe: every payment call of spec section 7, the webhook, and (test mode only) its pages. */
const stripeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { billing } = app.services;
  await app.register(checkoutRoutes(billing));
  await app.register(portalRoutes(billing));
  await app.register(subscriptionRoutes(billing));
  await app.register(webhookRoutes(billing));
  if (billing.testMode) await app.register(testModeRoutes(billing, billing.testMode));
};

export default stripeRoutes;
