import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  advanceClockBodySchema,
  testModeActionResponseSchema,
  testModeClockResponseSchema,
} from '@stride/domain/contracts/billing';
import { DomainError } from '@stride/domain/shared/domain-error';
import { requireAdmin, requireUser } from '../../auth/auth-user';
import type { BillingModule, BillingTestMode } from '@stride/application/billing/billing-module';
import { subscriptionStatusView } from '@stride/application/billing/subscription-status';
import { testPortalPath } from '@stride/application/billing/test-mode/test-mode-gateway';
import { testCheckoutPage, testModeMessagePage, testPortalPage } from './test-mode-pages';

const MS_PER_DAY = 86_400_000;
const sessionParams = z.object({ sessionId: z.string().min(1).max(200) });
const portalParams = z.object({ portalSessionId: z.string().min(1).max(200) });
const portalActionParams = portalParams.extend({ action: z.enum(['payment-failed', 'payment-recovered', 'cancel']) });

/**
 * Test mode only (no STRIPE_SECRET_KEY): the built-in checkout and portal pages (public, opened by browser
 * navigation; their unguessable session ids are the capability), and controls for the caller's own
 * subscription. Every action sends this server the signed webhook events Stripe would send.
 */
export const testModeRoutes =
  (billing: BillingModule, testMode: BillingTestMode): FastifyPluginAsyncZod =>
  async (app) => {
    const { actions, gateway, webhooks } = testMode;
    webhooks.attach(async (payload, headers) => {
      const response = await app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers });
      return { statusCode: response.statusCode, body: response.body };
    });
    // The pages' forms post without fields.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
      done(null, {}),
    );

    const statusOf = async (userId: string) => {
      const { state } = await billing.store.load(userId);
      return subscriptionStatusView(state, billing.clock.now(), billing.mode);
    };

    app.get('/test-checkout/:sessionId', { schema: { params: sessionParams } }, async (request, reply) => {
      const session = actions.checkoutSession(request.params.sessionId);
      void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!session) {
        return reply.code(404).send(
          testModeMessagePage('Checkout expired', 'This test checkout session does not exist or has expired.', {
            href: '/pricing',
            label: 'Back to pricing',
          }),
        );
      }
      const plan = billing.catalogue[session.tier];
      return reply.send(
        testCheckoutPage({ sessionId: session.id, plan, email: session.email, cancelUrl: session.cancelUrl }),
      );
    });

    app.post('/test-checkout/:sessionId/complete', { schema: { params: sessionParams } }, async (request, reply) => {
      const { session, sent } = await actions.completeCheckout(request.params.sessionId);
      request.log.info({ userId: session.userId, sessionId: session.id, sent }, 'test checkout paid');
      return reply.redirect(session.successUrl, 303);
    });

    app.get('/test-checkout/portal/:portalSessionId', { schema: { params: portalParams } }, async (request, reply) => {
      const portal = gateway.portalSessions.get(request.params.portalSessionId);
      void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!portal) {
        return reply.code(404).send(
          testModeMessagePage('Portal session expired', 'Open the billing portal again from Stride.', {
            href: '/user-profile',
            label: 'Back to your profile',
          }),
        );
      }
      const status = await statusOf(portal.userId);
      const plan = billing.catalogue[status.tier];
      return reply.send(testPortalPage({ portalSessionId: portal.id, plan, status, returnUrl: portal.returnUrl }));
    });

    app.post(
      '/test-checkout/portal/:portalSessionId/:action',
      { schema: { params: portalActionParams } },
      async (request, reply) => {
        const portal = gateway.portalSessions.get(request.params.portalSessionId);
        if (!portal) throw new DomainError('not_found', 'This test portal session has expired');
        const run = {
          'payment-failed': (userId: string) => actions.failPayment(userId),
          'payment-recovered': (userId: string) => actions.recoverPayment(userId),
          cancel: (userId: string) => actions.cancelSubscription(userId),
        }[request.params.action];
        await run(portal.userId);
        return reply.redirect(testPortalPath(portal.id), 303);
      },
    );

    const control = (path: string, act: (userId: string) => Promise<string[]>) =>
      app.post(path, { schema: { response: { 200: testModeActionResponseSchema } } }, async (request) => {
        const user = requireUser(request);
        const sent = await act(user.id);
        return { sent, subscription: await statusOf(user.id) };
      });
    control('/test-mode/payment-failed', (userId) => actions.failPayment(userId));
    control('/test-mode/payment-recovered', (userId) => actions.recoverPayment(userId));
    control('/test-mode/cancel-subscription', (userId) => actions.cancelSubscription(userId));

    /** Moves the billing clock forward (billing decisions only) so a grace period can be seen to end. */
    app.post(
      '/test-mode/advance-clock',
      { schema: { body: advanceClockBodySchema, response: { 200: testModeClockResponseSchema } } },
      async (request) => {
        // The billing clock is one per process and moves billing decisions for everyone: admins only.
        const user = requireAdmin(request);
        billing.clock.advance(request.body.days * MS_PER_DAY);
        request.log.warn({ userId: user.id, offsetMs: billing.clock.offsetMs }, 'test-mode billing clock advanced');
        return { now: billing.clock.now().toISOString(), offsetMs: billing.clock.offsetMs };
      },
    );
  };
