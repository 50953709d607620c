import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from '@stride/domain/contracts/users';

/** GET /api/config (public): what the web app needs before sign-in. */
const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/config', { schema: { response: { 200: publicConfigSchema } } }, async (): Promise<PublicConfig> => {
    const { config } = app.services;
    return {
      authMode: config.AUTH_MODE,
      clerkPublishableKey: config.CLERK_PUBLISHABLE_KEY ?? null,
      paymentsMode: config.STRIPE_SECRET_KEY ? 'stripe' : 'test-checkout',
      supportEmail: config.SUPPORT_EMAIL,
      requestSigning: Boolean(config.REQUEST_SIGNING_SECRET),
    };
  });
};

export default configRoutes;
