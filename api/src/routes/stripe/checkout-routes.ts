import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createCheckoutSessionBodySchema,
  createCheckoutSessionResponseSchema,
  DEFAULT_CHECKOUT_CANCEL_PATH,
  DEFAULT_CHECKOUT_SUCCESS_PATH,
} from '@stride/domain/contracts/billing';
import { requireUser } from '../../auth/auth-user';
import type { BillingModule } from '@stride/application/billing/billing-module';
import { startCheckout } from '@stride/application/billing/checkout';
import { resolveReturnUrl } from '@stride/application/billing/return-urls';
import { originsOf } from './request-origins';

/** POST /api/stripe/create-checkout-session-simple. */
export const checkoutRoutes =
  (billing: BillingModule): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/create-checkout-session-simple',
      { schema: { body: createCheckoutSessionBodySchema, response: { 200: createCheckoutSessionResponseSchema } } },
      async (request) => {
        const user = requireUser(request);
        const origins = originsOf(request, billing.publicUrl);
        const { sessionId, url, kind } = await startCheckout(billing.deps, user, {
          priceId: request.body.priceId,
          successUrl: resolveReturnUrl(request.body.successUrl, DEFAULT_CHECKOUT_SUCCESS_PATH, origins, 'successUrl'),
          cancelUrl: resolveReturnUrl(request.body.cancelUrl, DEFAULT_CHECKOUT_CANCEL_PATH, origins, 'cancelUrl'),
        });
        request.log.info({ userId: user.id, sessionId, kind }, 'checkout started');
        return { sessionId, url };
      },
    );
  };
