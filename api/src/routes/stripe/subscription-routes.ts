import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkExpiredSubscriptionsResponseSchema,
  subscriptionStatusResponseSchema,
  syncSubscriptionBodySchema,
  syncSubscriptionResponseSchema,
} from '@stride/domain/contracts/billing';
import { requireUser } from '../../auth/auth-user';
import type { BillingModule } from '@stride/application/billing/billing-module';
import { checkExpiredSubscriptions } from '@stride/application/billing/check-expired-subscriptions';
import { subscriptionStatusView } from '@stride/application/billing/subscription-status';
import { syncSubscription } from '@stride/application/billing/sync-subscription';

/** sync-subscription-bypass, subscription-status and check-expired-subscriptions (spec section 7). */
export const subscriptionRoutes =
  (billing: BillingModule): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/sync-subscription-bypass',
      { schema: { body: syncSubscriptionBodySchema.nullish(), response: { 200: syncSubscriptionResponseSchema } } },
      async (request) => syncSubscription(billing.deps, requireUser(request), request.body?.email),
    );

    app.get(
      '/subscription-status',
      { schema: { response: { 200: subscriptionStatusResponseSchema } } },
      async (request) => {
        const { state } = await billing.store.load(requireUser(request).id);
        return subscriptionStatusView(state, billing.clock.now(), billing.mode);
      },
    );

    /** An admin runs the job for everyone; anyone else for their own account (the web app calls it). */
    app.post(
      '/check-expired-subscriptions',
      { schema: { response: { 200: checkExpiredSubscriptionsResponseSchema } } },
      async (request) => {
        const user = requireUser(request);
        const { store, logger } = billing.deps;
        return checkExpiredSubscriptions(
          { store, logger },
          { now: billing.clock.now(), ...(!user.isAdmin && { userId: user.id }) },
        );
      },
    );
  };
